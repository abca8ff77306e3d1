/**
 * Alerts: a saved search that tells its member, by email, what is new. How often,
 * how much one digest holds, why an alert is paused, and the words the site and the email use.
 */
import { z } from 'zod'
import { ALERT_FREQUENCIES, ALERT_PAUSE_REASONS } from './alert-rules.ts'
import { envelope, emptyEnvelope } from './envelope.ts'

// What the browser needs without zod lives apart (alert-rules.ts).
export * from './alert-rules.ts'

export const AlertSchema = z.object({
	id: z.number().int(),
	savedSearchId: z.number().int(),
	kind: z.string(),
	name: z.string(),
	url: z.string(),
	frequency: z.enum(ALERT_FREQUENCIES),
	pausedReason: z.enum(ALERT_PAUSE_REASONS).nullable(),
	lastSentAt: z.string().nullable(),
})
export type Alert = z.infer<typeof AlertSchema>

/** Turn on (or change how often): the saved search's id and the frequency. */
export const SetAlertBodySchema = z.object({ savedSearchId: z.coerce.number().int().min(1), frequency: z.enum(ALERT_FREQUENCIES, { error: 'frequency must be daily or weekly' }) })
export const UnsubscribeBodySchema = z.object({ token: z.string().min(1).max(500) })

export const ALERT_ENDPOINTS = {
	'alerts.list': { method: 'GET', path: '/alerts', response: envelope(AlertSchema) },
	'alerts.set': { method: 'POST', path: '/alerts', body: SetAlertBodySchema, response: envelope(AlertSchema) },
	'alerts.pause': { method: 'POST', path: '/alerts/:id/pause', response: envelope(AlertSchema) },
	'alerts.resume': { method: 'POST', path: '/alerts/:id/resume', response: envelope(AlertSchema) },
	'alerts.delete': { method: 'POST', path: '/alerts/:id/delete', response: emptyEnvelope },
	'alerts.unsubscribe': { method: 'POST', path: '/alerts/unsubscribe', body: UnsubscribeBodySchema, response: emptyEnvelope },
} as const
