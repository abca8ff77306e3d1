/**
 * Small UI state kept in cookies set by form posts (ARCHITECTURE rule 3), so it works
 * without scripts: cookie consent, closed banners and dialogs, and the strategist toggle of
 * readers whose profile cannot be read. None of it is secret; all of it is httpOnly
 * because no client script needs it.
 */
import { createCookie } from '@remix-run/node'
import { z } from 'zod'
import { isProduction } from './env.server.ts'
import type { ClosedNotices, NoticeId } from '../../contract/membership.ts'

const DAY_SECONDS = 24 * 60 * 60

/** Spec 000 §4/§9: "Consent lasts 150 days." */
export const CONSENT_DAYS = 150

const cookieOptions = () => ({ httpOnly: true, sameSite: 'lax' as const, path: '/', secure: isProduction() })

// ---------------------------------------------------------------- cookie consent

/**
 * A decided consent. Functionality and security are always granted and so not stored;
 * analytics, advertising and personalisation are the reader's choice (spec 000 §4).
 */
export type Consent = { analytics: boolean; advertising: boolean; personalisation: boolean }
export const CONSENT_CATEGORIES = ['analytics', 'advertising', 'personalisation'] as const satisfies readonly (keyof Consent)[]

const ConsentSchema = z.object({ analytics: z.boolean(), advertising: z.boolean(), personalisation: z.boolean() })

export const consentCookie = () => createCookie('gwi_consent', { ...cookieOptions(), maxAge: CONSENT_DAYS * DAY_SECONDS })

/** The reader's consent, or null while undecided (the banner shows). A damaged cookie counts as undecided. */
export async function readConsent(request: Request): Promise<Consent | null> {
	const value = await consentCookie()
		.parse(request.headers.get('Cookie'))
		.catch(() => null)
	const parsed = ConsentSchema.safeParse(value)
	return parsed.success ? parsed.data : null
}

export const serializeConsent = (consent: Consent) => consentCookie().serialize(consent)

/** The form's answer: Accept all, Reject all, or the customised selection. */
export function consentFromForm(form: FormData): Consent | null {
	const intent = form.get('intent')
	if (intent === 'accept-all') return { analytics: true, advertising: true, personalisation: true }
	if (intent === 'reject-all') return { analytics: false, advertising: false, personalisation: false }
	if (intent === 'customise') {
		const on = (name: string) => form.get(name) === 'on'
		return { analytics: on('analytics'), advertising: on('advertising'), personalisation: on('personalisation') }
	}
	return null
}

// ---------------------------------------------------------------- closed banners and dialogs

const ClosedSchema = z.object({ sub: z.string(), closed: z.record(z.string(), z.string()) })

/** A year: a closed flag outlives any trial or membership notice it hides. */
export const closedNoticesCookie = () => createCookie('gwi_closed', { ...cookieOptions(), maxAge: 365 * DAY_SECONDS })

/** The notices this reader closed (flags of another reader on the same browser are ignored). */
export async function readClosedNotices(request: Request, sub: string | null): Promise<ClosedNotices> {
	if (!sub) return {}
	const value = await closedNoticesCookie()
		.parse(request.headers.get('Cookie'))
		.catch(() => null)
	const parsed = ClosedSchema.safeParse(value)
	if (!parsed.success || parsed.data.sub !== sub) return {}
	return parsed.data.closed as ClosedNotices
}

export async function serializeClosedNotice(request: Request, sub: string, id: NoticeId, key: string) {
	const closed = await readClosedNotices(request, sub)
	return closedNoticesCookie().serialize({ sub, closed: { ...closed, [id]: key } })
}

// ---------------------------------------------------------------- strategist view

/** The last view the reader switched to, for when the profile (which stores it) cannot be read. */
export const strategistViewCookie = () => createCookie('gwi_strategist_view', { ...cookieOptions(), maxAge: 365 * DAY_SECONDS })

export async function readStrategistViewCookie(request: Request): Promise<boolean | null> {
	const value = await strategistViewCookie()
		.parse(request.headers.get('Cookie'))
		.catch(() => null)
	return typeof value === 'boolean' ? value : null
}
