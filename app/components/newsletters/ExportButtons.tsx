/**
 * Staff export (spec 002 §4): Export HTML and Export zip, both built on the server. Without
 * scripts they are downloads. With scripts Export HTML also copies the HTML to the clipboard,
 * with an alert on success or failure ('Failed to copy HTML to clipboard.'), and its download goes
 * through an object URL revoked after 40 seconds.
 */
import { NEWSLETTER_MESSAGES, OBJECT_URL_REVOKE_MS } from '../../../contract/newsletters.ts'

export const exportUrl = (slug: string, format: 'html' | 'zip') => `/newsletters/${slug}/export?format=${format}`

export function ExportButtons({ slug }: { slug: string }) {
	async function exportHtml(event: React.MouseEvent<HTMLAnchorElement>) {
		event.preventDefault()
		let html: string
		try {
			const response = await fetch(exportUrl(slug, 'html'))
			if (!response.ok) throw new Error(String(response.status))
			html = await response.text()
		} catch {
			window.alert(NEWSLETTER_MESSAGES.htmlExportFailed)
			return
		}
		const url = URL.createObjectURL(new Blob([html], { type: 'text/html' }))
		const link = document.createElement('a')
		link.href = url
		link.download = `${slug}.html`
		link.click()
		setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_REVOKE_MS)
		try {
			await navigator.clipboard.writeText(html)
			window.alert(NEWSLETTER_MESSAGES.clipboardCopied)
		} catch {
			window.alert(NEWSLETTER_MESSAGES.clipboardFailed)
		}
	}
	return (
		<span className="newsletter__export">
			<a className="button button--outline" href={exportUrl(slug, 'html')} download={`${slug}.html`} onClick={exportHtml}>
				{NEWSLETTER_MESSAGES.exportHtml}
			</a>
			<a className="button button--outline" href={exportUrl(slug, 'zip')} download={`${slug}.zip`}>
				{NEWSLETTER_MESSAGES.exportZip}
			</a>
		</span>
	)
}
