/** Alerts' frequencies, limits and messages, without zod (alerts.ts has the schemas). */

import type { SavedSearchKind } from './saved-search-rules.ts'

/** Where a refused alert form post's message code comes back (app/routes/alerts.tsx). */
export const ALERT_MESSAGE_PARAM = 'alertMessage'

/** The kinds of saved search that can be alerts (the panel offers the controls on these only; forecasts are reports, not searches of rows). */
export const ALERT_KINDS = ['projects', 'companies', 'utilities', 'mergers', 'search', 'events', 'opportunities'] as const satisfies readonly SavedSearchKind[]
export type AlertKind = (typeof ALERT_KINDS)[number]
export const isAlertKind = (kind: string): kind is AlertKind => (ALERT_KINDS as readonly string[]).includes(kind)

/** Which table an alert searches, in the words of that table's own page title. */
export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
	projects: 'Project Tracker',
	companies: 'Companies',
	utilities: 'Utilities',
	mergers: 'Mergers and acquisitions',
	search: 'Search',
	events: 'Events',
	opportunities: 'Opportunity exchange',
}

export const ALERT_FREQUENCIES = ['daily', 'weekly'] as const
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number]

/** How long after the last digest the next is due, per frequency. */
export const ALERT_INTERVAL_DAYS: Record<AlertFrequency, number> = { daily: 1, weekly: 7 }

/** "at most 50 rows and a link to the full query on the site" */
export const ALERT_MAX_ROWS = 50

/**
 * A site search alert's rows are read before the member's access to each is known (it is
 * decided at send time, item by item, as /search decides it): this many are kept per alert,
 * of which the first ALERT_MAX_ROWS the member may open are sent. An alert whose search moved
 * more than this is read whole when it is sent, so its "and N more" counts only what the
 * member may open.
 */
export const ALERT_SEARCH_CANDIDATES = 200

/**
 * Why an alert sends nothing: the member paused it, their membership no longer covers it
 * (paused at send time, with one notice), or they unsubscribed from the email.
 */
export const ALERT_PAUSE_REASONS = ['member', 'lapsed', 'unsubscribed'] as const
export type AlertPauseReason = (typeof ALERT_PAUSE_REASONS)[number]

/** The fields a tracker digest names when they changed. */
export const ALERT_TRACKED_FIELDS = ['progress', 'status', 'cost'] as const
export type AlertTrackedField = (typeof ALERT_TRACKED_FIELDS)[number]

export const ALERT_FIELD_LABELS: Record<AlertTrackedField, string> = { progress: 'Progress', status: 'Status', cost: 'Cost (US$m)' }

export const ALERT_MESSAGES = {
	sectionTitle: 'Alerts',
	none: 'You have no saved searches yet. Save a search in the Project Tracker, the companies, utilities or mergers index, the events, the opportunity exchange or the site search to turn it into an alert here.',
	frequency: { daily: 'Daily', weekly: 'Weekly' } satisfies Record<AlertFrequency, string>,
	paused: { member: 'Paused', lapsed: 'Paused: your membership no longer includes this search', unsubscribed: 'Paused: unsubscribed from the email' } satisfies Record<AlertPauseReason, string>,
	active: 'On',
	notAvailable: 'Alerts are not available for this kind of saved search yet.',
	notFound: 'Not found: alert',
	turnOn: (frequency: string) => `${frequency} alert`,
	pause: 'Pause',
	resume: 'Turn on again',
	delete: 'Delete alert',
	unsubscribed: 'You will no longer receive this alert. You can turn it on again from your profile.',
	unsubscribeUsed: 'This unsubscribe link has already been used or is not valid. You can manage your alerts on your profile.',
	unsubscribeConfirm: 'Stop receiving this alert by email?',
	digestSubject: (name: string) => `Alert: what is new in "${name}"`,
	lapsedSubject: (name: string) => `Your alert "${name}" is paused`,
	lapsedText: 'Your membership no longer includes this search, so we have paused the alert and will send nothing more until you renew.',
	renew: 'Renew your membership',
	footer: (name: string) => `You receive this email because you turned your saved search "${name}" into an alert on your profile.`,
	seeAll: 'See the full search on the site',
	more: (n: number) => `and ${n} more`,
	nothingNew: 'Nothing has changed since the last alert.',
	newRow: 'New',
	updatedRow: 'Updated',
} as const
