/**
 * The demo mailbox (backend/api/mailbox.ts, app/routes/mailbox*): what the API answers and
 * the page's words.
 */
import { z } from 'zod'
import { MAILBOX_TITLE } from './constants.ts'
import { envelope } from './envelope.ts'
import { formatShortDate } from './format.ts'

export const MailboxEntrySchema = z.object({ id: z.string(), to: z.string(), subject: z.string(), date: z.string().nullable() })
export type MailboxEntry = z.infer<typeof MailboxEntrySchema>
export const MailboxMessageSchema = MailboxEntrySchema.extend({ from: z.string(), text: z.string(), html: z.string().nullable() })
export type MailboxMessage = z.infer<typeof MailboxMessageSchema>
/** What one press of the page's button did, alert by alert. */
export const MailboxSendResultSchema = z.object({ sent: z.number().int(), nothingNew: z.number().int(), paused: z.number().int(), failed: z.number().int() })
export type MailboxSendResult = z.infer<typeof MailboxSendResultSchema>

export const MAILBOX_ENDPOINTS = {
	'mailbox.list': { method: 'GET', path: '/mailbox', response: envelope(MailboxEntrySchema) },
	'mailbox.message': { method: 'GET', path: '/mailbox/:id', response: envelope(MailboxMessageSchema) },
	'mailbox.sendAlerts': { method: 'POST', path: '/mailbox/send-alerts', response: envelope(MailboxSendResultSchema) },
} as const

export const MAILBOX_MESSAGES = {
	title: MAILBOX_TITLE,
	intro: 'Every email this demo site has sent (it has no mail server of its own): the newest first.',
	empty: 'No emails yet.',
	sendAlerts: 'Send all alerts now',
	sendAlertsHelp: 'Sends each alert that is on a digest of what changed since its last one, without waiting for its daily or weekly time.',
	notFound: 'This email is no longer in the mailbox.',
	backToList: 'All emails',
} as const

/** The line the page shows after the button: what was sent. */
export function sentSummary({ sent, nothingNew, paused, failed }: MailboxSendResult): string {
	const parts = [`${sent} ${sent === 1 ? 'digest' : 'digests'} sent`, `${nothingNew} with nothing new`]
	if (paused) parts.push(`${paused} paused (membership lapsed, notice sent)`)
	if (failed) parts.push(`${failed} could not be sent (see the log)`)
	return `${parts.join(', ')}.`
}

/** When a message arrived: "28 Nov 2026, 02:45 UTC". */
export function receivedAt(iso: string | null): string {
	if (!iso) return ''
	const date = new Date(iso)
	if (Number.isNaN(date.getTime())) return ''
	return `${formatShortDate(date)}, ${date.toISOString().slice(11, 16)} UTC`
}
