/**
 * What a reader sees of an article (spec 000 §4, §6), decided on the server from the API's
 * answer (hasAccess and the unlock facts) and the reader's token claims. Pure, so every
 * state is unit-tested (tests/app/article-page.test.ts).
 *
 * Display only: the API has already withheld the body from a reader without access, and it
 * alone decides whether an unlock is allowed.
 */
import type { Article } from '../../../contract/articles.ts'
import { PERMISSION } from '~/lib/capabilities.ts'
import { MESSAGES } from '../../../contract/constants.ts'
import { trialState } from '../../../contract/membership.ts'
import { accessGate, type AccessGate, type GateReader } from '~/lib/no-access.ts'
import { ARTICLE_TEXT } from './constants.ts'

export type UnlockOffer = 'available' | 'used'

export type ArticleAccessState =
	| {
			status: 'readable'
			/** Read through the trial's one Market Map: the used-up message shows with it. */
			unlockedByTrial: boolean
	  }
	| ({
			status: 'gated'
			message: string
			/** A trial member may unlock this Market Map, or has used their unlock. */
			unlock: UnlockOffer | null
	  } & AccessGate)

/**
 * The unlock on offer to a trial member for this article: none unless it is of the
 * unlockable type and they may unlock; 'used' once an article of its type was unlocked
 * during the current trial (one Market Map per trial, as the API counts them).
 */
export function unlockOffer(article: Article, reader: GateReader, now: Date): UnlockOffer | null {
	if (!reader || !article.isPermittedArticleTypeForUnlocking || !reader.permissions.includes(PERMISSION.unlockArticle)) return null
	const trial = trialState(reader.datedRoles, now)
	const since = trial.status === 'none' ? 0 : Date.parse(trial.role.startDate)
	const used = article.meteredAccessItems.some((item) => item.articleTypeSlug === article.articleType.slug && Date.parse(item.dateAccessGranted) >= since)
	return used ? 'used' : 'available'
}

export function articleAccessState({ article, reader, noAccessMessage, url, now }: { article: Article; reader: GateReader; noAccessMessage: string; url: string; now: Date }): ArticleAccessState {
	if (article.hasAccess) {
		return { status: 'readable', unlockedByTrial: article.hasMeteredAccess && unlockOffer(article, reader, now) === 'used' }
	}
	const unlock = unlockOffer(article, reader, now)
	const message = unlock === 'used' ? ARTICLE_TEXT.unlockUsedUp : article.isOutsideTrialDatesRange ? MESSAGES.notInTrial : noAccessMessage
	return { status: 'gated', message, unlock, ...accessGate(reader, { title: article.headline, url }, now) }
}
