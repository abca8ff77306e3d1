/**
 * Newsletters (spec 002 §2-§9, §7 "Newsletter fetch: slug, draft flag, secret, full flag"):
 *   GET /newsletters/issue/{slug}[?full=true]         a published issue with its components
 *   GET /newsletters/issue/draft/{slug}[?full=true]   a draft, with the `PreviewToken` header (its secret)
 *   GET /newsletters/latest[?full=true]               the latest published issue
 * The list of issues (archive, search cards) is the generic GET /newsletters (entity-kinds.ts),
 * whose routes these do not shadow.
 */
import { Hono, type Context } from 'hono'
import { NewsletterQuerySchema, type NewsletterResponse } from '../../../contract/newsletters.ts'
import { previewSecretOpens } from '../preview-secret.ts'
import type { ApiEnv, Resource } from '../context.ts'
import { notFound } from '../errors.ts'
import { parseQuery } from '../query.ts'
import type { Db } from '../../db/client.ts'
import { findIssue, findLatestIssue, issueAccess, issueComponents, toNewsletter } from './issue-data.ts'

/** The analytics page type of a newsletter page. */
const PAGE_TYPE = 'Newsletter'

async function respond(c: Context<ApiEnv>, db: Db, row: NonNullable<Awaited<ReturnType<typeof findIssue>>>, full: boolean | undefined, { preview = false } = {}) {
	const access = c.get('access')
	// A preview's secret is the editor's: it opens the draft in full, as for other drafts (entities.ts).
	const hasAccess = preview || issueAccess(access, row)
	const componentItems = await issueComponents({ db, access, full: full === true, issueId: row.id, hasAccess })
	const body: NewsletterResponse = {
		success: true,
		errors: [],
		warnings: [],
		// A trial reads the issues of its window (issueAccess): any other it is refused is older.
		item: { ...toNewsletter(row, hasAccess), isOutsideTrialDatesRange: !hasAccess && access.trialWindowStart() !== null },
		componentItems,
		analyticsPageInfo: { pageType: PAGE_TYPE, pageName: row.name, slug: row.slug },
	}
	// Drafts are previews: never stored by a cache on the way.
	if (row.is_draft) c.header('Cache-Control', 'private, no-store')
	return c.json(body)
}

export const newsletters: Resource = ({ db }) =>
	new Hono<ApiEnv>()
		.get('/latest', async (c) => {
			const { full } = parseQuery(c, NewsletterQuerySchema)
			const row = await findLatestIssue(db)
			if (!row) throw notFound('newsletter (none published)')
			return respond(c, db, row, full)
		})
		.get('/issue/draft/:slug', async (c) => {
			const { full } = parseQuery(c, NewsletterQuerySchema)
			const slug = c.req.param('slug')
			const row = await findIssue(db, slug)
			const token = c.req.header('PreviewToken') ?? ''
			if (!(await previewSecretOpens(db, c, token, row?.is_draft ? row.preview_secret : null)) || !row) throw notFound(`draft newsletter ${slug}`)
			return respond(c, db, row, full, { preview: true })
		})
		.get('/issue/:slug', async (c) => {
			const { full } = parseQuery(c, NewsletterQuerySchema)
			const slug = c.req.param('slug')
			const row = await findIssue(db, slug)
			if (!row || row.is_draft) throw notFound(`newsletter ${slug}`)
			return respond(c, db, row, full)
		})
