/**
 * A tagged template for the identity provider's server-rendered pages: every interpolated
 * value is HTML-escaped unless it is itself `html`, so a name or an email address typed into
 * a form can never become markup.
 */
import { escapeHtml } from '../../contract/html.ts'

export class Html {
	constructor(readonly value: string) {}
	toString() {
		return this.value
	}
}


function render(value: unknown): string {
	if (value instanceof Html) return value.value
	if (Array.isArray(value)) return value.map(render).join('')
	if (value === null || value === undefined || value === false) return ''
	return escapeHtml(String(value))
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
	let out = strings[0]!
	values.forEach((value, i) => {
		out += render(value) + strings[i + 1]!
	})
	return new Html(out)
}
