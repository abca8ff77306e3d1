/**
 * Loading the article page (published and draft) and the trial's Market Map unlock.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import type { Article, ArticleSummary } from '../../../contract/articles.ts'
import { ApiError, createApiClient, type ApiClient } from '~/lib/api.server.ts'
import { ARTICLE_LIST_LIMIT, MESSAGES, TRANSPORT_ERRORS } from '../../../contract/constants.ts'
import { publicOrigin } from '~/lib/env.server.ts'
import { routeError } from '~/lib/errors.server.ts'
import { readForm } from '~/lib/form.server.ts'
import { CACHE_CONTROL, pageCacheHeaders } from '~/lib/http.server.ts'
import { gateReaderOf, NO_ACCESS_SLUG } from '~/lib/no-access.ts'
import { noAccessMessage } from '~/lib/no-access.server.ts'
import { isSameOriginRequest } from '~/lib/origin-check.ts'
import { absoluteUrl } from '~/lib/seo.ts'
import { getUserSummary } from '~/lib/user.server.ts'
import { articleAccessState } from './access-state.ts'
import { UNLOCK_MESSAGES } from '../../../contract/articles.ts'
import { LIST_VARIANT } from './constants.ts'
import { relatedList, type RelatedList } from './related.ts'
import type { TeaserVariant } from '~/components/cards/ArticleTeaser.tsx'
import { parseUrlParams } from '../../../contract/query.ts'
import { log } from '../../lib/log.ts'
import { previewHeaders } from '~/lib/preview.server.ts'

/** The page's data: the article, the reader's access to it and the lists beside it. */
export type ArticlePageData = {
	origin: string
	article: Article
	access: ReturnType<typeof articleAccessState>
	related: RelatedList | null
	moreOfType: RelatedList
	isDraft: boolean
}

/** "default list limit 10 plus the current article": ask for one more, then drop it. */
const RELATED_FETCH_SIZE = ARTICLE_LIST_LIMIT + 1

/** A list that failed shows the card error; the rest of the page still renders. */
async function fetchList(load: () => Promise<ArticleSummary[]>, currentSlug: string, variant: TeaserVariant): Promise<RelatedList> {
	try {
		return relatedList(await load(), currentSlug, ARTICLE_LIST_LIMIT, variant)
	} catch (error) {
		// Not found: the article itself is missing, and its own 404 answers the reader.
		if (!(error instanceof ApiError && error.isNotFound)) log.error({ err: error }, '[article] related list failed to load')
		return { articles: [], failed: true }
	}
}

async function buildPage(api: ApiClient, { request, context }: Pick<LoaderFunctionArgs, 'request' | 'context'>, article: Article, { isDraft, related }: { isDraft: boolean; related: Promise<RelatedList> | null }): Promise<ArticlePageData> {
	const origin = publicOrigin()
	const [reader, moreOfType, relatedArticles, message] = await Promise.all([
		getUserSummary(request, context).then(gateReaderOf),
		fetchList(async () => (await api.get('articles.list', { query: { articleType: article.articleType.slug, pageSize: RELATED_FETCH_SIZE } })).items ?? [], article.slug, LIST_VARIANT.moreOfType),
		related,
		article.hasAccess ? '' : noAccessMessage(api, NO_ACCESS_SLUG.article),
	])
	const url = absoluteUrl(origin, `/articles/${article.slug}`)
	const access = articleAccessState({ article, reader, noAccessMessage: message, url, now: new Date() })
	return { origin, article, access, related: relatedArticles, moreOfType, isDraft }
}

export async function loadArticlePage({ request, context, params }: LoaderFunctionArgs) {
	const slug = params.slug ?? ''
	const api = createApiClient({ request, context })
	// The related list needs only the slug: it runs alongside the article.
	const related = fetchList(async () => (await api.get('articles.related', { params: { slug }, query: { pageSize: RELATED_FETCH_SIZE } })).items ?? [], slug, LIST_VARIANT.related)
	const response = await api.get('articles.bySlug', { params: { slug } }).catch((error: unknown) => routeError(error, request))
	const page = await buildPage(api, { request, context }, response.item!, { isDraft: false, related })
	// What a reader sees depends on their access, so articles are private once signed in.
	return data({ page }, { headers: pageCacheHeaders(request) })
}

/** A draft preview's URL: its secret, trimmed ('' when missing). */
const DraftParamsSchema = z.object({ secret: z.string().trim().optional().transform((secret) => secret ?? '') })

/** Headers of a draft preview, its error pages included: never cached, never indexed. */
export const DRAFT_HEADERS = { 'Cache-Control': CACHE_CONTROL.noStore, 'X-Robots-Tag': 'noindex, nofollow' } as const

/**
 * /articles/draft/{slug}?secret=: the secret goes to the API as the PreviewToken header.
 * A wrong or missing secret is a 404, exactly as for an article that does not exist.
 */
export async function loadDraftPage({ request, context, params }: LoaderFunctionArgs) {
	const slug = params.slug ?? ''
	const { secret } = parseUrlParams(DraftParamsSchema, new URL(request.url).searchParams)
	if (!secret) throw data(TRANSPORT_ERRORS.notFound, { status: 404 })
	const api = createApiClient({ request, context })
	const response = await api.get('articles.draft', { params: { slug }, headers: previewHeaders(context, secret) }).catch((error: unknown) => routeError(error, request))
	const page = await buildPage(api, { request, context }, response.item!, { isDraft: true, related: null })
	return data({ page }, { headers: DRAFT_HEADERS })
}

export type UnlockResult = { ok: boolean; message: string }

/** The unlock form's post: POST /articles/slug/{slug}/unlock with the spec's messages. */
export async function unlockAction({ request, context, params }: ActionFunctionArgs) {
	const reply = (result: UnlockResult, status = 200) => data({ unlock: result }, { status, headers: { 'Cache-Control': CACHE_CONTROL.noStore } })
	// server.ts refuses cross-site posts already; the action does not rely on being behind it.
	const allowed = [new URL(request.url).origin, publicOrigin()]
	if (!isSameOriginRequest({ method: request.method, origin: request.headers.get('Origin'), referer: request.headers.get('Referer'), allowed })) return reply({ ok: false, message: UNLOCK_MESSAGES.noPermission }, 403)
	const form = await readForm(request)
	if (form.get('intent') !== 'unlock') return reply({ ok: false, message: UNLOCK_MESSAGES.failed(TRANSPORT_ERRORS.badRequest) }, 400)
	const api = createApiClient({ request, context })
	try {
		await api.post('articles.unlock', { params: { slug: params.slug ?? '' } })
		return reply({ ok: true, message: UNLOCK_MESSAGES.success })
	} catch (error) {
		if (!(error instanceof ApiError)) {
			log.error({ err: error }, '[article] unlock failed')
			return reply({ ok: false, message: UNLOCK_MESSAGES.failed(MESSAGES.genericError) }, 503)
		}
		if (error.isExpiredLogin) throw data(MESSAGES.expiredSession, { status: 401 })
		if (error.status === 401 || error.status === 403) return reply({ ok: false, message: UNLOCK_MESSAGES.noPermission }, 403)
		if (error.status === 404) return reply({ ok: false, message: UNLOCK_MESSAGES.notRetrieved }, 404)
		if (error.status === 409 && error.message === UNLOCK_MESSAGES.usedUp) return reply({ ok: false, message: UNLOCK_MESSAGES.usedUp }, 409)
		return reply({ ok: false, message: UNLOCK_MESSAGES.failed(error.message) }, error.status >= 500 ? 503 : error.status)
	}
}
