/**
 * POST /articles/slug/{slug}/unlock (spec 000 §4, §5, §7): a trial member unlocks the one
 * Market Map of their choice ("Unlocking an article needs a permission").
 *
 * The API is the authority, not the site: it checks the permission, the article type and
 * the limit of one unlock per trial. Unlocking is idempotent: unlocking an article already
 * unlocked answers with the same record, so a double post or a refresh changes nothing.
 * Concurrent posts of one reader are serialised by a transaction-scoped advisory lock, so
 * two different Market Maps posted at once cannot both slip under the limit.
 */
import { sql } from 'drizzle-orm'
import type { MeteredAccessItem } from '../../contract/articles.ts'
import { UNLOCK_MESSAGES as PAGE_MESSAGES } from '../../contract/articles.ts'
import type { Db } from '../db/client.ts'
import { PERMISSIONS } from '../identity/roles.ts'
import { UNLOCKABLE_ARTICLE_TYPE_SLUG, UNLOCKS_PER_TRIAL, type ViewerAccess } from './access.ts'
import { ApiError, badRequest, forbidden, notFound, unauthorized } from './errors.ts'
import { iso } from './sql.ts'

export const UNLOCK_MESSAGES = {
	/** Spec 000 §4: shown when none remain; the API refuses with it (409), the page shows it. */
	usedUp: PAGE_MESSAGES.usedUp,
	/** Our wording: only Market Maps may be unlocked. */
	notUnlockable: 'Only Market Maps can be unlocked',
	/** Our wording: the reader can already read it without an unlock. */
	alreadyReadable: 'This article is already available to you',
} as const

/** Namespace of the advisory locks taken per reader while unlocking (any constant int). */
const UNLOCK_LOCK_NAMESPACE = 0x756e6c6b // 'unlk'

type ArticleRow = { id: number; slug: string; headline: string; type_slug: string; permission_levels: string[]; publication_date: string }

export async function unlockArticle(db: Db, access: ViewerAccess, slug: string, now = new Date()): Promise<MeteredAccessItem> {
	const viewer = access.viewer
	if (!viewer) throw unauthorized()
	if (!access.has(PERMISSIONS.unlockArticle)) throw forbidden()
	// An organisation signed in by network address has no account to record an unlock on.
	if (viewer.userId === null) throw forbidden()
	const userId = viewer.userId

	const { rows } = await db.execute<ArticleRow>(sql`
		select a.id, a.slug, a.headline, t.slug as type_slug, a.permission_levels, a.publication_date
		from articles a join article_types t on t.id = a.article_type_id
		where a.slug = ${slug} and not a.is_draft`)
	const article = rows[0]
	if (!article) throw notFound(`article ${slug}`)
	if (article.type_slug !== UNLOCKABLE_ARTICLE_TYPE_SLUG) throw badRequest(UNLOCK_MESSAGES.notUnlockable)

	// Unlocks count per trial: those granted since the current trial began (all, without one).
	const trial = access.currentTrial()
	const countedFrom = trial ? trial.start.toISOString() : new Date(0).toISOString()

	// Decided before the transaction: every query inside it runs on its connection (one on
	// the pool would wait for a second connection while holding the first and, with enough
	// readers waiting on the lock below, exhaust the pool). Readable without an unlock means
	// readable by the reader's permissions, which no concurrent unlock changes.
	const decision = await access.article({ id: article.id, permissionLevels: article.permission_levels, articleTypeSlug: article.type_slug, publicationDate: article.publication_date })
	const readableWithoutUnlock = decision.hasAccess && !decision.hasMeteredAccess

	return db.transaction(async (tx) => {
		await tx.execute(sql`select pg_advisory_xact_lock(${UNLOCK_LOCK_NAMESPACE}, ${userId})`)
		const { rows: existing } = await tx.execute<{ date_access_granted: string }>(
			sql`select date_access_granted from metered_access where user_id = ${userId} and article_id = ${article.id}`,
		)
		if (existing[0]) return toItem(article, existing[0].date_access_granted)
		if (readableWithoutUnlock) throw new ApiError(409, UNLOCK_MESSAGES.alreadyReadable)

		const { rows: used } = await tx.execute<{ n: number }>(sql`
			select count(*)::int as n from metered_access m
			join articles a on a.id = m.article_id join article_types t on t.id = a.article_type_id
			where m.user_id = ${userId} and t.slug = ${UNLOCKABLE_ARTICLE_TYPE_SLUG} and m.date_access_granted >= ${countedFrom}::timestamptz`)
		if (used[0].n >= UNLOCKS_PER_TRIAL) throw new ApiError(409, UNLOCK_MESSAGES.usedUp)

		const { rows: inserted } = await tx.execute<{ date_access_granted: string }>(sql`
			insert into metered_access (user_id, article_id, date_access_granted) values (${userId}, ${article.id}, ${now.toISOString()}::timestamptz)
			returning date_access_granted`)
		return toItem(article, inserted[0].date_access_granted)
	})
}

function toItem(article: ArticleRow, granted: string): MeteredAccessItem {
	return { articleTypeSlug: article.type_slug, description: article.headline, fullSlug: `/articles/${article.slug}`, dateAccessGranted: iso(granted)! }
}
