/**
 * What a reader sees of an article (spec 000 §4, §6), decided on the server from the API's
 * answer (hasAccess and the unlock facts) and the reader's token claims. Pure, so every
 * state is unit-tested (tests/app/article-access.test.ts).
 *
 * Display only: the API has already withheld the body from a reader without access, and it
 * alone decides whether an unlock is allowed.
 */
import type { Article } from '~/lib/api-types.ts'
import { MESSAGES } from '~/lib/constants.ts'
import { addMonths, currentMembership, EXECUTIVE_MEMBERSHIP_ROLES, MEMBERSHIP_LINKS, trialState, type DatedRole } from '~/lib/membership.ts'
import { ARTICLE_TEXT, REQUEST_ACCESS_SUBJECTS, TRIAL_REQUEST_WINDOW_MONTHS, type ReaderState } from './constants.ts'

/** The reader as the article page needs them; null for a visitor. */
export type ArticleReader = {
	email: string | null
	permissions: readonly string[]
	datedRoles: readonly DatedRole[]
	viaNetworkAddress: boolean
} | null

export type UnlockOffer = 'available' | 'used'

export type ArticleAccessState =
	| {
			status: 'readable'
			/** Read through the trial's one Market Map: the used-up message shows with it. */
			unlockedByTrial: boolean
	  }
	| {
			status: 'gated'
			message: string
			/** A trial member may unlock this Market Map, or has used their unlock. */
			unlock: UnlockOffer | null
			signedIn: boolean
			offerTrial: boolean
			/** mailto: link for members without access; null for visitors. */
			requestAccess: string | null
	  }

const UNLOCK_PERMISSION = 'unlock:article'

/** Which kind of reader this is, for the request-access subject. */
export function readerState(reader: NonNullable<ArticleReader>, now: Date): ReaderState {
	if (reader.viaNetworkAddress) return 'organisation'
	const trial = trialState(reader.datedRoles, now)
	if (trial.status === 'active') return 'trial'
	if (currentMembership(reader.datedRoles, now)) return 'member'
	const hadMembership = reader.datedRoles.some((role) => (EXECUTIVE_MEMBERSHIP_ROLES as readonly string[]).includes(role.name) && Date.parse(role.endDate) <= now.getTime())
	if (hadMembership) return 'expiredMember'
	if (trial.status === 'expired') return 'expiredTrial'
	return 'free'
}

/**
 * The unlock on offer to a trial member for this article: none unless it is of the
 * unlockable type and they may unlock; 'used' once an article of its type was unlocked
 * during the current trial (one Market Map per trial, as the API counts them).
 */
export function unlockOffer(article: Article, reader: ArticleReader, now: Date): UnlockOffer | null {
	if (!reader || !article.isPermittedArticleTypeForUnlocking || !reader.permissions.includes(UNLOCK_PERMISSION)) return null
	const trial = trialState(reader.datedRoles, now)
	const since = trial.status === 'none' ? 0 : Date.parse(trial.role.startDate)
	const used = article.meteredAccessItems.some((item) => item.articleTypeSlug === article.articleType.slug && Date.parse(item.dateAccessGranted) >= since)
	return used ? 'used' : 'available'
}

/** "A trial request is blocked if one was requested in the last 12 months": no trial offer then. */
function mayStartTrial(reader: ArticleReader, now: Date) {
	if (!reader) return true
	if (reader.viaNetworkAddress || currentMembership(reader.datedRoles, now)) return false
	const windowStart = addMonths(now, -TRIAL_REQUEST_WINDOW_MONTHS).getTime()
	return !reader.datedRoles.some((role) => role.name.endsWith('Trial') && Date.parse(role.startDate) > windowStart)
}

export function requestAccessLink(article: Pick<Article, 'headline'>, url: string, reader: NonNullable<ArticleReader>, now: Date): string {
	const subject = REQUEST_ACCESS_SUBJECTS[readerState(reader, now)](article.headline)
	const body = ARTICLE_TEXT.requestAccessBody(article.headline, url, reader.email)
	return `mailto:${MEMBERSHIP_LINKS.salesEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
}

export function articleAccessState({ article, reader, noAccessMessage, url, now }: { article: Article; reader: ArticleReader; noAccessMessage: string; url: string; now: Date }): ArticleAccessState {
	if (article.hasAccess) {
		return { status: 'readable', unlockedByTrial: article.hasMeteredAccess && unlockOffer(article, reader, now) === 'used' }
	}
	const unlock = unlockOffer(article, reader, now)
	const message = unlock === 'used' ? ARTICLE_TEXT.unlockUsedUp : article.isOutsideTrialDatesRange ? MESSAGES.notInTrial : noAccessMessage
	return {
		status: 'gated',
		message,
		unlock,
		signedIn: reader !== null,
		offerTrial: mayStartTrial(reader, now),
		requestAccess: reader ? requestAccessLink(article, url, reader, now) : null,
	}
}
