/**
 * What the site accepts as a request's address, method and body, in one place: the
 * server's input guard (backend/input/input-guard.ts) answers anything else with a 4xx before a route
 * reads it, and the content API (backend/api/params.ts) applies the same text rules to the
 * values it is called with in-process. Bad input is the reader's mistake (4xx with a clear
 * message), never a server error.
 */

/** The messages bad input gets, on the site's error page and in the API's envelope. */
export const INPUT_MESSAGES = {
	malformedAddress: 'Bad request: the address is not correctly encoded',
	nulCharacter: 'Bad request: the request contains a NUL character',
	methodNotAllowed: 'Method not allowed',
	formRequired: 'Bad request: the form could not be read',
	legacyData: 'Bad request: page data is read from .data addresses, not with ?_data=',
	unsupportedBody: 'Unsupported media type: send the form as application/x-www-form-urlencoded or multipart/form-data in UTF-8',
	bodyTooLarge: 'Payload too large: the form is larger than the site accepts',
} as const

/** The statuses of bad input and what the site's error page says for each (app/routes/request-error.$status.tsx). */
export const INPUT_ERROR_PAGES = {
	400: 'Bad request: the address or the form could not be read.',
	405: 'Method not allowed: this page can only be read or sent a form.',
	413: 'Payload too large: the form is larger than the site accepts.',
	415: 'Unsupported media type: the site accepts forms only.',
} as const
export type InputErrorStatus = keyof typeof INPUT_ERROR_PAGES

export const isInputErrorStatus = (status: number): status is InputErrorStatus => status in INPUT_ERROR_PAGES

export class InputError extends Error {
	constructor(
		readonly status: InputErrorStatus,
		message: string,
	) {
		super(message)
		this.name = 'InputError'
	}
}

/** The site's own pages are read and posted to; nothing else (PUT, TRACE, ...) means anything to them. */
export const PAGE_METHODS = ['GET', 'HEAD', 'POST'] as const
/** The API and the OpenID provider answer these themselves (each with its own 404/405). */
export const SERVICE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const

/** Largest form a page's action reads (consent, banners, unlock, profile: a few short fields). */
export const MAX_FORM_BODY_BYTES = 64 * 1024
/** The form encodings a page's action reads, in UTF-8 (or with no charset named). */
export const FORM_MEDIA_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'] as const

const NUL = '\u0000'

/** `text` percent-decoded, or an InputError when the encoding is malformed (%zz, %FF, %C0%AE, a lone %) or decodes to a NUL. */
export function decodeComponent(text: string, { plusIsSpace = false } = {}): string {
	let decoded: string
	try {
		decoded = decodeURIComponent(plusIsSpace ? text.replace(/\+/g, ' ') : text)
	} catch {
		throw new InputError(400, INPUT_MESSAGES.malformedAddress)
	}
	rejectNul(decoded)
	return decoded
}

/** PostgreSQL cannot store a NUL in text, and no slug, term or filter has one: it is bad input, not a server error. */
export function rejectNul(value: string): void {
	if (value.includes(NUL)) throw new InputError(400, INPUT_MESSAGES.nulCharacter)
}

/**
 * Checks a request target (`/path?query`) decodes: every path segment and every query
 * name and value. Throws an InputError for the first that does not; else the query's names.
 */
export function checkRequestTarget(target: string): { queryNames: string[] } {
	const queryStart = target.indexOf('?')
	const path = queryStart === -1 ? target : target.slice(0, queryStart)
	decodeComponent(path)
	if (queryStart === -1) return { queryNames: [] }
	const queryNames: string[] = []
	for (const pair of target.slice(queryStart + 1).split('&')) {
		const [name = '', ...value] = pair.split('=')
		queryNames.push(decodeComponent(name, { plusIsSpace: true }))
		decodeComponent(value.join('='), { plusIsSpace: true })
	}
	return { queryNames }
}

/**
 * Remix's pre-single-fetch data parameter. The site reads its data through single fetch
 * (`.data` URLs); a `?_data=` request only reaches Remix's legacy path, which answers a route
 * that does not match the URL with a logged stack trace. Pages refuse it (400).
 */
export const LEGACY_DATA_PARAM = '_data'

/** The media type of a Content-Type header, lower case, and whether its charset (if named) is UTF-8. */
export function mediaTypeOf(contentType: string | undefined): { type: string; utf8: boolean } | undefined {
	if (!contentType) return undefined
	const [type = '', ...parameters] = contentType.split(';')
	const charset = parameters
		.map((parameter) => parameter.trim().toLowerCase())
		.find((parameter) => parameter.startsWith('charset='))
		?.slice('charset='.length)
		.replace(/"/g, '')
	return { type: type.trim().toLowerCase(), utf8: charset === undefined || charset === 'utf-8' || charset === 'utf8' }
}

/** Whether a page may be posted a body of this Content-Type (415 otherwise). */
export function isFormMediaType(contentType: string | undefined): boolean {
	const media = mediaTypeOf(contentType)
	return Boolean(media?.utf8 && (FORM_MEDIA_TYPES as readonly string[]).includes(media.type))
}
