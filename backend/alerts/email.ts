/**
 * The alert emails: a digest (what changed, a link to the full search) and the one notice
 * that a lapsed member's alert is paused (with the way to renew). Both through the site's
 * one layout (backend/mail/layout.ts), with List-Unsubscribe one-click headers (RFC 8058).
 */
import { ALERT_FIELD_LABELS, ALERT_MESSAGES } from '../../contract/alerts.ts'
import { escapeHtml, renderEmail } from '../mail/layout.ts'
import type { Message } from '../identity/mailer.ts'
import type { Digest, FieldChange } from './digest.ts'

/** Where a lapsed member renews. */
export const RENEW_PATH = '/memberships'

type Addressed = { to: string; name: string; searchUrl: string; publicUrl: string; unsubscribeUrl: string }

const absolute = (publicUrl: string, path: string) => `${publicUrl.replace(/\/$/, '')}${path}`

/** RFC 2369 and RFC 8058: mail clients show an unsubscribe button that POSTs to the link. */
const listHeaders = (unsubscribeUrl: string) => ({ 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' })

const changeText = (change: FieldChange) => `${ALERT_FIELD_LABELS[change.field]}: ${change.from ?? '–'} → ${change.to ?? '–'}`

export function digestEmail({ to, name, searchUrl, publicUrl, unsubscribeUrl }: Addressed, digest: Digest): Message {
	const link = absolute(publicUrl, searchUrl)
	const subject = ALERT_MESSAGES.digestSubject(name)
	// The tracker's rows have a progress; an index's rows have none, so their email has no such column.
	const withProgress = digest.rows.some((row) => row.progress !== null)
	const what = (row: Digest['rows'][number]) => (row.isNew ? [ALERT_MESSAGES.newRow] : row.changes.length ? row.changes.map(changeText) : [ALERT_MESSAGES.updatedRow])
	const rowsHtml = digest.rows
		.map(
			(row) =>
				`<tr><td><a href="${escapeHtml(absolute(publicUrl, row.path))}">${escapeHtml(row.name)}</a></td><td>${escapeHtml(row.country ?? '')}</td>${withProgress ? `<td>${escapeHtml(row.progress ?? '')}</td>` : ''}<td class="change">${what(row)
					.map(escapeHtml)
					.join('<br>')}</td></tr>`,
		)
		.join('')
	const more = digest.more ? ALERT_MESSAGES.more(digest.more) : ''
	const bodyHtml = `<h1>${escapeHtml(name)}</h1>
<table role="presentation" class="rows" cellpadding="0" cellspacing="0"><tr><th>Name</th><th>Country</th>${withProgress ? '<th>Progress</th>' : ''}<th>What changed</th></tr>${rowsHtml}</table>
${more ? `<p>${escapeHtml(more)}</p>` : ''}<p><a class="button" href="${escapeHtml(link)}">${escapeHtml(ALERT_MESSAGES.seeAll)}</a></p>`
	const bodyText = `${name}\n\n${digest.rows
		.map((row) => `${row.name}${row.country ? ` (${row.country})` : ''}${row.progress ? `: ${row.progress}` : ''}\n  ${what(row).join('\n  ')}\n  ${absolute(publicUrl, row.path)}`)
		.join('\n\n')}\n\n${more ? `${more}\n\n` : ''}${ALERT_MESSAGES.seeAll}: ${link}`
	const parts = renderEmail({ title: subject, bodyHtml, bodyText, footer: ALERT_MESSAGES.footer(name), unsubscribeUrl })
	return { to, subject, ...parts, headers: listHeaders(unsubscribeUrl) }
}

export function lapsedEmail({ to, name, publicUrl, unsubscribeUrl }: Addressed): Message {
	const renew = absolute(publicUrl, RENEW_PATH)
	const subject = ALERT_MESSAGES.lapsedSubject(name)
	const parts = renderEmail({
		title: subject,
		bodyHtml: `<h1>${escapeHtml(name)}</h1><p>${escapeHtml(ALERT_MESSAGES.lapsedText)}</p><p><a class="button" href="${escapeHtml(renew)}">${escapeHtml(ALERT_MESSAGES.renew)}</a></p>`,
		bodyText: `${name}\n\n${ALERT_MESSAGES.lapsedText}\n\n${ALERT_MESSAGES.renew}: ${renew}`,
		footer: ALERT_MESSAGES.footer(name),
		unsubscribeUrl,
	})
	return { to, subject, ...parts, headers: listHeaders(unsubscribeUrl) }
}
