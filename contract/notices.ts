/**
 * What a page may say after a redirect (a refused download, a saved-search form post): the
 * address carries a code, and the page shows the words this list has for it. Anyone can make
 * an address and send it round, so words carried there would read as the site's own message;
 * a code not listed here shows nothing.
 */
import { MESSAGES, TRANSPORT_ERRORS } from './constants.ts'
import { ALERT_MESSAGES } from './alert-rules.ts'
import { FORECAST_MESSAGES } from './forecast.ts'
import { INDEX_MESSAGES } from './index-common.ts'
import { SAVED_SEARCH_MESSAGES } from './saved-search-rules.ts'
import { TRACKER_MESSAGES } from './tracker-table.ts'

/** The tables whose downloads the API may refuse (spec 002 §8 "You are not authorized to download {entity}"). */
const DOWNLOADED_ENTITIES = ['projects', 'companies', 'utilities', 'mergers'] as const

/** Every message a redirect may ask a page to show. */
const NOTICE_TEXTS: readonly string[] = [
	...Object.values(TRANSPORT_ERRORS),
	...DOWNLOADED_ENTITIES.map((entity) => TRACKER_MESSAGES.notAuthorized(entity)),
	FORECAST_MESSAGES.downloadFailed,
	FORECAST_MESSAGES.noDownloadPermission,
	INDEX_MESSAGES.downloadFailed,
	SAVED_SEARCH_MESSAGES.nameInUse,
	SAVED_SEARCH_MESSAGES.notFound,
	SAVED_SEARCH_MESSAGES.nameTooLong,
	SAVED_SEARCH_MESSAGES.nameRequired,
	SAVED_SEARCH_MESSAGES.consentNeeded('searches'),
	SAVED_SEARCH_MESSAGES.consentNeeded('forecasts'),
	MESSAGES.notLoggedIn,
	ALERT_MESSAGES.notAvailable,
	ALERT_MESSAGES.notFound,
]

/** A message's code: its words in lower case, joined by hyphens ('you-are-not-authorized-to-download-projects'). */
const codeOf = (text: string) =>
	text
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-|-$/g, '')

const TEXT_BY_CODE = new Map(NOTICE_TEXTS.map((text) => [codeOf(text), text]))

/** What goes in the address for a message: its code, or the unknown error's when the message is not one of the site's. */
export function noticeCode(message: string): string {
	const code = codeOf(message)
	return TEXT_BY_CODE.has(code) ? code : codeOf(TRANSPORT_ERRORS.unknown)
}

/** The words for a code from the address; null for anything else. */
export function noticeText(code: string | null | undefined): string | null {
	return code ? (TEXT_BY_CODE.get(code) ?? null) : null
}
