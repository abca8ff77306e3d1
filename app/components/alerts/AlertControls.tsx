import { Form } from '@remix-run/react'
import { ALERT_FREQUENCIES, ALERT_MESSAGES } from '../../../contract/alert-rules.ts'
import type { Alert } from '../../../contract/alerts.ts'

/**
 * A saved search's alert controls, each a form post to /alerts that comes back to `returnUrl`,
 * so they work without scripts: turn on daily or weekly (or switch), pause, turn on again, delete.
 */
export function AlertControls({ savedSearchId, name, alert, returnUrl }: { savedSearchId: number; name: string; alert: Alert | null; returnUrl: string }) {
	const post = (intent: string, label: string, text: string, fields: Record<string, string | number> = {}) => (
		<Form method="post" action="/alerts" className="alert-controls__form" key={`${intent}-${fields.frequency ?? ''}`}>
			<input type="hidden" name="intent" value={intent} />
			<input type="hidden" name="returnUrl" value={returnUrl} />
			{Object.entries(fields).map(([field, value]) => (
				<input key={field} type="hidden" name={field} value={value} />
			))}
			<button type="submit" className="button button--outline" aria-label={`${label}: ${name}`}>
				{text}
			</button>
		</Form>
	)
	const status = !alert ? null : alert.pausedReason ? ALERT_MESSAGES.paused[alert.pausedReason] : `${ALERT_MESSAGES.active}, ${ALERT_MESSAGES.frequency[alert.frequency].toLowerCase()}`
	return (
		<div className="alert-controls">
			{status ? <span className="tag">{status}</span> : null}
			{ALERT_FREQUENCIES.filter((frequency) => !alert || alert.pausedReason || alert.frequency !== frequency).map((frequency) =>
				post('set', ALERT_MESSAGES.turnOn(ALERT_MESSAGES.frequency[frequency]), ALERT_MESSAGES.turnOn(ALERT_MESSAGES.frequency[frequency]), { savedSearchId, frequency }),
			)}
			{alert && !alert.pausedReason ? post('pause', ALERT_MESSAGES.pause, ALERT_MESSAGES.pause, { id: alert.id }) : null}
			{alert ? post('delete', ALERT_MESSAGES.delete, ALERT_MESSAGES.delete, { id: alert.id }) : null}
		</div>
	)
}
