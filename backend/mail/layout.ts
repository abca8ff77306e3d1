/**
 * Every email the site sends, in one layout: an HTML part laid out with tables, 700 px wide,
 * its CSS inlined by juice (the newsletter export's inliner: mail clients drop <style>), and a
 * plain-text part with the same words. The footer says why the reader gets it. Content is
 * escaped here; callers pass text, or HTML they built from escaped text.
 */
import juice from 'juice'
import { PRODUCT_NAME } from '../../contract/constants.ts'

/** Mail clients lay out reliably up to about this width. */
export const EMAIL_WIDTH_PX = 700

const STYLE = `
body { margin: 0; padding: 0; background: #f3f5f7; font-family: Arial, Helvetica, sans-serif; color: #1d2b36; }
.frame { width: 100%; background: #f3f5f7; }
.sheet { width: ${EMAIL_WIDTH_PX}px; max-width: 100%; background: #ffffff; }
.masthead { padding: 20px 24px; background: #003a5d; color: #ffffff; font-size: 20px; font-weight: bold; }
.content { padding: 20px 24px; font-size: 15px; line-height: 1.5; }
.content h1 { font-size: 20px; margin: 0 0 12px; }
.rows { width: 100%; border-collapse: collapse; font-size: 14px; }
.rows th { text-align: left; border-bottom: 2px solid #003a5d; padding: 6px 4px; }
.rows td { border-bottom: 1px solid #d9dee3; padding: 6px 4px; vertical-align: top; }
.change { color: #52606b; }
.button { display: inline-block; padding: 10px 16px; background: #0069a8; color: #ffffff; text-decoration: none; border-radius: 3px; }
.footer { padding: 16px 24px; font-size: 12px; color: #52606b; }
a { color: #0069a8; }
`

export function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

export type EmailParts = { html: string; text: string }

/**
 * The email's two parts. `bodyHtml` is the content inside the sheet (built with escapeHtml),
 * `bodyText` the same content as plain text, `footer` why the reader gets it (and, for a list,
 * how to leave it: `unsubscribeUrl`).
 */
export function renderEmail({ title, bodyHtml, bodyText, footer, unsubscribeUrl }: { title: string; bodyHtml: string; bodyText: string; footer: string; unsubscribeUrl?: string }): EmailParts {
	const unsubscribe = unsubscribeUrl ? ` <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a>` : ''
	const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><table role="presentation" class="frame" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" class="sheet" width="${EMAIL_WIDTH_PX}" cellpadding="0" cellspacing="0">
<tr><td class="masthead">${escapeHtml(PRODUCT_NAME)}</td></tr>
<tr><td class="content">${bodyHtml}</td></tr>
<tr><td class="footer">${escapeHtml(footer)}${unsubscribe}</td></tr>
</table></td></tr></table></body></html>`
	const text = `${PRODUCT_NAME}\n\n${bodyText.trim()}\n\n--\n${footer}${unsubscribeUrl ? `\nUnsubscribe: ${unsubscribeUrl}` : ''}\n`
	return { html: juice(html), text }
}
