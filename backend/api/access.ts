/**
 * Who may read what (spec 000 §4, §6), decided here from the verified token's permissions
 * and dated roles, never by the site. Content without access leaves the API without its
 * body: callers null `bodyText` (and drop cards) whenever `hasAccess` is false.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { MeteredAccessItem } from '../../contract/articles.ts'
import { addMonths } from '../../contract/membership.ts'
import type { Db } from '../db/client.ts'
import { isTrialRole, PERMISSIONS } from '../identity/roles.ts'
import type { Viewer } from './context.ts'
import { iso } from './sql.ts'

/** The article type a trial member may unlock one of ("one market map of choice"). */
export const UNLOCKABLE_ARTICLE_TYPE_SLUG = 'market-map'
/** "one market map of choice": unlocks a trial member may make during one trial. */
export const UNLOCKS_PER_TRIAL = 1
/** "trial users get ... the latest Quarterly Review", whenever it was published. */
export const QUARTERLY_REVIEW_TYPE_SLUG = 'quarterly-review'
/** "Trial members cannot read articles published more than a month before the trial began." */
export const TRIAL_LOOKBACK_MONTHS = 1
/** Strategist content (indexes, financial data): spec 000 §6. */
export const STRATEGY_PERMISSIONS = [PERMISSIONS.readStrategy, PERMISSIONS.readStrategyBeta] as const

export type ArticleAccessInput = { id: number; permissionLevels: readonly string[]; articleTypeSlug: string; publicationDate: Date | string }

export type ArticleAccess = {
	hasAccess: boolean
	hasMeteredAccess: boolean
	isAccessibleForFree: boolean
	isPermittedArticleTypeForUnlocking: boolean
	isOutsideTrialDatesRange: boolean
}

type Metered = { articleIds: Set<number>; items: MeteredAccessItem[] }
const NO_METERED: Metered = { articleIds: new Set(), items: [] }

/** One unlocked article, as meteredJson lists it. */
export type MeteredRow = { article_id: number; slug: string; headline: string; type_slug: string; date_access_granted: string }

/**
 * A reader's unlocked articles (metered_access), newest first, as one JSON array of
 * MeteredRow: `userId` is a value or SQL (the reader's own lookup passes `u.id`, auth.ts).
 */
export function meteredJson(userId: number | SQL) {
	return sql`coalesce((
		select json_agg(json_build_object('article_id', m.article_id, 'slug', a.slug, 'headline', a.headline, 'type_slug', t.slug, 'date_access_granted', m.date_access_granted)
			order by m.date_access_granted desc)
		from metered_access m
		join articles a on a.id = m.article_id
		join article_types t on t.id = a.article_type_id
		where m.user_id = ${userId}
	), '[]'::json)`
}

const toMetered = (rows: readonly MeteredRow[]): Metered => ({
	articleIds: new Set(rows.map((row) => row.article_id)),
	items: rows.map((row) => ({ articleTypeSlug: row.type_slug, description: row.headline, fullSlug: `/articles/${row.slug}`, dateAccessGranted: iso(row.date_access_granted)! })),
})

/** One per request: the viewer's permissions, trial window and unlocked articles. */
export class ViewerAccess {
	private readonly permissions: Set<string>
	private metered: Promise<Metered> | undefined
	private quarterlyReview: Promise<number | null> | undefined

	constructor(
		private readonly db: Db,
		readonly viewer: Viewer | null,
		private readonly now = new Date(),
	) {
		this.permissions = new Set(viewer?.permissions ?? [])
	}

	has(permission: string) {
		return this.permissions.has(permission)
	}

	/** Permission levels of content: empty means everyone; otherwise any one of them. */
	hasAny(levels: readonly string[] | null | undefined) {
		return !levels || levels.length === 0 || levels.some((level) => this.permissions.has(level))
	}

	get isStrategist() {
		return STRATEGY_PERMISSIONS.some((permission) => this.permissions.has(permission))
	}

	/** The viewer's trial role from the token: the current one, else the latest. Null without one. */
	currentTrial(): { start: Date; end: Date } | null {
		const trials = (this.viewer?.datedRoles ?? [])
			.filter((role) => isTrialRole(role.RoleName))
			.map((role) => ({ start: new Date(role.StartDate), end: new Date(role.EndDate) }))
			.filter((role) => !Number.isNaN(role.start.getTime()))
			.sort((a, b) => b.start.getTime() - a.start.getTime())
		return trials.find((role) => role.start <= this.now && !(role.end < this.now)) ?? trials[0] ?? null
	}

	/**
	 * The earliest publication date a trial member may read: one month before the start of
	 * their trial role (the current one, else the latest). Null without a trial.
	 */
	trialWindowStart(): Date | null {
		if (!this.has(PERMISSIONS.readTrial)) return null
		const trial = this.currentTrial()
		if (!trial) return null
		return addMonths(trial.start, -TRIAL_LOOKBACK_MONTHS)
	}

	/**
	 * Whether the reader's Executive trial covers content published then: from a month before
	 * the trial began (spec 000 §1 "content published in the last month", §4). The one rule for
	 * articles, newsletters (their PDFs and archive views) and every other kind a trial reads.
	 */
	trialCovers(publicationDate: Date | string | null | undefined, windowStart: Date | null = this.trialWindowStart()): boolean {
		if (windowStart === null || publicationDate == null) return false
		const published = new Date(publicationDate)
		return !Number.isNaN(published.getTime()) && published >= windowStart
	}

	/**
	 * hasAny for content a trial reads by date (newsletters): the trial's own level
	 * (read:executive-trial) opens only what its window covers.
	 */
	hasAnyWithinTrial(levels: readonly string[] | null | undefined, publicationDate: Date | string | null | undefined): boolean {
		if (!levels || levels.length === 0) return true
		return levels.some((level) => this.permissions.has(level) && (level !== PERMISSIONS.readTrial || this.trialCovers(publicationDate)))
	}

	/**
	 * "The Project Tracker is available exclusively to full members" (spec 000 §6, 002 §6): an
	 * Executive trial's read:project opens project pages, not the tracker.
	 */
	mayUseTracker(): boolean {
		return this.has(PERMISSIONS.readProject) && (this.has(PERMISSIONS.readExecutive) || this.isStrategist)
	}

	/** The latest published Quarterly Review, read once per request and only for trial readers. */
	private latestQuarterlyReview(): Promise<number | null> {
		this.quarterlyReview ??= this.db
			.execute<{ id: number }>(
				sql`select a.id from articles a join article_types t on t.id = a.article_type_id
					where t.slug = ${QUARTERLY_REVIEW_TYPE_SLUG} and not a.is_draft and a.publication_date <= ${this.now.toISOString()}::timestamptz
					order by a.publication_date desc, a.id desc limit 1`,
			)
			.then(({ rows }) => rows[0]?.id ?? null)
		return this.quarterlyReview
	}

	/** The viewer's unlocked articles, read once per request (or brought by the reader's lookup, auth.ts). */
	meteredAccess(): Promise<Metered> {
		const userId = this.viewer?.userId
		if (userId == null) return Promise.resolve(NO_METERED)
		const preloaded = this.viewer?.preloaded
		this.metered ??= preloaded
			? Promise.resolve(toMetered(preloaded.metered))
			: this.db.execute<{ metered: MeteredRow[] }>(sql`select ${meteredJson(userId)} as metered`).then(({ rows }) => toMetered(rows[0]?.metered ?? []))
		return this.metered
	}

	/** Access to each article, reading the viewer's unlocks only when one could matter. */
	async articles(inputs: readonly ArticleAccessInput[]): Promise<ArticleAccess[]> {
		const needsMetered = inputs.some((input) => !this.hasAny(input.permissionLevels))
		const metered = needsMetered ? await this.meteredAccess() : NO_METERED
		const windowStart = this.trialWindowStart()
		const needsQuarterlyReview = windowStart !== null && inputs.some((input) => input.articleTypeSlug === QUARTERLY_REVIEW_TYPE_SLUG)
		const latestQuarterlyReview = needsQuarterlyReview ? await this.latestQuarterlyReview() : null
		return inputs.map((input) => this.decide(input, metered, windowStart, latestQuarterlyReview))
	}

	async article(input: ArticleAccessInput): Promise<ArticleAccess> {
		return (await this.articles([input]))[0]
	}

	private decide(input: ArticleAccessInput, metered: Metered, windowStart: Date | null, latestQuarterlyReview: number | null): ArticleAccess {
		const isAccessibleForFree = input.permissionLevels.length === 0
		const isPermittedArticleTypeForUnlocking = input.articleTypeSlug === UNLOCKABLE_ARTICLE_TYPE_SLUG
		const hasMeteredAccess = metered.articleIds.has(input.id)
		const byPermission = this.hasAny(input.permissionLevels)
		// The Executive trial reads Executive content published from a month before it began,
		// and the latest Quarterly Review whenever it was published; Market Maps are not
		// included (a trial member unlocks one instead).
		const trialApplies = windowStart !== null && !isPermittedArticleTypeForUnlocking && input.permissionLevels.includes(PERMISSIONS.readExecutive)
		const inTrialWindow = trialApplies && (this.trialCovers(input.publicationDate, windowStart) || input.id === latestQuarterlyReview)
		const isOutsideTrialDatesRange = trialApplies && !byPermission && !hasMeteredAccess && !inTrialWindow
		return {
			hasAccess: byPermission || hasMeteredAccess || inTrialWindow,
			hasMeteredAccess,
			isAccessibleForFree,
			isPermittedArticleTypeForUnlocking,
			isOutsideTrialDatesRange,
		}
	}
}
