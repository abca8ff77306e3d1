/**
 * Loaders of the entity pages and list pages (spec 000 §2 "List pages", "Entity pages").
 * One place decides, for every kind of ENTITY_PAGE_KINDS: who may open it, its canonical
 * URL (paging and page state clamped and canonicalised), its related articles, its layout
 * (slices, standard or "No data found") and its breadcrumbs.
 */
import { data, redirect, type AppLoadContext, type LoaderFunctionArgs } from '@remix-run/node'
import { plainText } from '../../contract/html-text.ts'
import { cardQuery } from '../components/cards/page-query.ts'
import { teaserOf } from '../components/cards/ArticleTeaser.tsx'
import type { Entity } from '../../contract/entities.ts'
import type { Slice } from '../../contract/pages.ts'
import { ApiError, createApiClient } from './api.server.ts'
import { shownBreadcrumbs, type Crumb } from './breadcrumbs.ts'
import { capabilitiesFor, type Capabilities } from './capabilities.ts'
import { isCardParam } from '../../contract/card-rules.ts'
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '../../contract/constants.ts'
import { ENTITY_PAGE_KINDS, type EntityPageKind } from './entity-kinds.ts'
import { entityPath, isStrategistSlice, kindPath, RELATED_ARTICLE_VARIANT, type EntityLayout, type EntityListData, type EntityPageData, type EntityPageKey } from './entity-pages.ts'
import { getEnv, publicOrigin } from './env.server.ts'
import { routeError } from './errors.server.ts'
import { pageCacheHeaders } from './http.server.ts'
import { legacyRedirectResponse } from './legacy-redirects.server.ts'
import { accessGate, chooseNoAccessMessage, gateReaderOf, NO_ACCESS_SLUG } from './no-access.ts'
import { loadNoAccessMessages } from './no-access.server.ts'
import { sameState, stateUrl, type StateParams } from './page-url.ts'
import { clampPage, parsePaging, type Paging } from '../../contract/paging.ts'
import { getReader, type Reader } from './reader.server.ts'
import { absoluteUrl } from './seo.ts'
import { isSliceExpanded, NO_SLICE_STATE, sliceStateParams } from './slice-state.ts'
import { parseSliceState } from './slice-state-params.ts'
import { getUserSummary } from './user.server.ts'
import { log } from './log.ts'

type Args = Pick<LoaderFunctionArgs, 'request' | 'context' | 'params'>

/** Strategist-only pages open with strategy access (read:strategy or read:strategy-beta, as the API decides). */
export const canOpenStrategistPages = (capabilities: Capabilities) => capabilities.hasStrategyAccess || capabilities.hasStrategyBetaAccess

/** The paging parameters of a URL: defaults left out. */
const pagingParams = ({ page, pageSize }: Paging): StateParams => ({
	page: page === DEFAULT_PAGE ? undefined : page,
	pageSize: pageSize === DEFAULT_PAGE_SIZE ? undefined : pageSize,
})

/** The card parameters of a URL (contract/card-rules.ts isCardParam), the first value of each. */
const cardStateParams = (params: URLSearchParams): StateParams => Object.fromEntries([...params].filter(([name]) => isCardParam(name)).reverse())

/** Redirects unless the request's URL is already `canonical` (parameter order aside). */
function requireCanonical(request: Request, canonical: string) {
	const url = new URL(request.url)
	if (!sameState(canonical, `${url.pathname}${url.search}`)) throw redirect(canonical)
}

/** A page's response: its data with the caching headers of a public page (private once signed in). */
export function pageResponse<T>(request: Request, payload: T) {
	return data(payload, { headers: pageCacheHeaders(request) })
}

/**
 * A failed entity call: an unknown slug first consults the legacy table (an old path such as
 * /geographies/uk still moves on), then is the not-found page; anything else the error page.
 */
export function entityError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }, loadError?: string): never {
	if (error instanceof ApiError && error.isNotFound) {
		const moved = legacyRedirectResponse({ request, context })
		if (moved) throw moved
	}
	// A kind with a default message of its own says it when the content service fails.
	const failed = !(error instanceof ApiError) || error.status >= 500
	if (loadError && failed && !(error instanceof Response) && !request.signal.aborted) {
		log.error({ err: error }, `[error] ${new URL(request.url).pathname}: content API failed`)
		throw data(loadError, { status: 503 })
	}
	routeError(error, request)
}

// ---------------------------------------------------------------- list pages

export async function loadEntityList({ request, context }: Args, key: EntityPageKey): Promise<EntityListData> {
	const kind: EntityPageKind = ENTITY_PAGE_KINDS[key]
	if (kind.strategistOnly) {
		const user = await getUserSummary(request, context)
		if (!canOpenStrategistPages(capabilitiesFor({ permissions: user?.permissions ?? null }))) throw redirect('/')
	}
	const url = new URL(request.url)
	const paging = parsePaging(url.searchParams)
	// Garbage paging (page=abc, pageSize=10000) and unknown parameters go to the canonical URL.
	const canonicalPath = stateUrl(url.pathname, pagingParams(paging))
	requireCanonical(request, canonicalPath)
	const api = createApiClient({ request, context })
	const response = (await api
		.get('entities.list', { params: { kind: kind.api }, query: { pageNum: paging.page, pageSize: paging.pageSize } })
		.catch((error: unknown) => entityError(error, { request, context }, kind.loadError)))
	const page = clampPage(paging.page, response.totalPages)
	if (page !== paging.page) throw redirect(stateUrl(url.pathname, pagingParams({ ...paging, page })))
	return {
		origin: publicOrigin(),
		canonicalPath,
		kindKey: key,
		items: response.items,
		totalHits: response.totalHits,
		totalPages: response.totalPages,
		page,
		pageSize: paging.pageSize,
	}
}

export type { EntityListData } from './entity-pages.ts'

// ---------------------------------------------------------------- entity pages

export type EntityPageOptions = {
	/** The page's own URL state beyond paging and slices, canonical (invalid values left out). */
	state?: (params: URLSearchParams) => StateParams
	/** The trail between the kind's index and the page itself (ancestors such as a region). */
	ancestors?: (entity: Entity) => Crumb[]
}

/**
 * The entity, its cards and slices, and a page of its related articles, for the reader.
 * Returns the reader too, so a page can decide more (the company page's strategist mode).
 */
export async function loadEntityPage(args: Args, key: EntityPageKey, options: EntityPageOptions = {}): Promise<{ page: EntityPageData; reader: Reader }> {
	const { request, context, params } = args
	const kind: EntityPageKind = ENTITY_PAGE_KINDS[key]
	const api = createApiClient({ request, context })
	const reader = await getReader({ request, context, api })
	const strategistOnly = kind.strategistOnly ?? false
	if (strategistOnly && !canOpenStrategistPages(reader.capabilities)) throw redirect('/')

	const slug = params.slug ?? ''
	const url = new URL(request.url)
	const paging = parsePaging(url.searchParams)
	const entityParams = { kind: kind.api, slug }
	const [entityResponse, articlesResponse] = await Promise.all([
		// The cards page and filter with the page's own URL (blog and table pages, cover-grid dates).
		api.get('entities.bySlug', { params: entityParams, query: cardQuery(url.searchParams) }),
		kind.hasArticles ? api.get('entities.articles', { params: entityParams, query: { pageNum: paging.page, pageSize: paging.pageSize } }) : null,
	]).catch((error: unknown) => entityError(error, args, kind.loadError))
	const { articles: _latest, ...details } = entityResponse.item.details
	const entity: Entity = { ...entityResponse.item, details }
	const pagePath = entityPath(key, entity.slug)

	// Slices the reader may not open stay listed (locked) unless they are hidden ones.
	const slices = entity.slices.filter((slice) => slice.hasAccess || slice.visibility !== 'hidden')
	// Without slices to show, a strategist-only page says "No data found".
	const showsSlices = slices.length > 0 && (!kind.slicesInStrategistMode || reader.strategistMode)
	const layout: EntityLayout = showsSlices ? 'slices' : strategistOnly && !kind.withoutSlices ? 'no-data' : 'standard'
	const sliceState = layout === 'slices' ? parseSliceState(url.searchParams, slices) : NO_SLICE_STATE

	// One URL per state: clamp the article page, drop unknown or default state parameters.
	// The cards' own parameters are theirs to read (the API clamps them) and stay as they are.
	const page = articlesResponse ? clampPage(paging.page, articlesResponse.totalPages) : DEFAULT_PAGE
	const statePath = stateUrl(pagePath, {
		...pagingParams({ ...paging, page }),
		...sliceStateParams(sliceState),
		...options.state?.(url.searchParams),
		...cardStateParams(url.searchParams),
	})
	requireCanonical(request, statePath)

	// Panels of what the reader may not open: messages by slug, asked for only when needed.
	const lockedSlices = layout === 'slices' ? slices.filter((slice) => !slice.hasAccess) : []
	const messages = !entity.hasAccess || lockedSlices.length > 0 ? await loadNoAccessMessages(api) : []
	const sliceMessage = (slice: Slice) => (slice.hasAccess ? null : chooseNoAccessMessage(messages, ...(isStrategistSlice(slice) ? [NO_ACCESS_SLUG.strategist] : [])))
	const canonicalPath = stateUrl(pagePath, pagingParams({ ...paging, page }))
	const origin = publicOrigin()

	const componentItems = entityResponse.componentItems ?? []
	const kindIndex: Crumb = kind.withoutIndex ? { label: kind.title } : { label: kind.title, href: kindPath(key) }
	const trail: Crumb[] = [{ label: 'Home', href: '/' }, kindIndex, ...(options.ancestors?.(entity) ?? []), { label: entity.name }]
	const { CMS_URL } = getEnv()
	return {
		reader,
		page: {
			origin,
			canonicalPath,
			kindKey: key,
			entity,
			body: layout !== 'slices' && entity.bodyText && plainText(entity.bodyText) !== plainText(entity.description ?? '') ? entity.bodyText : null,
			cards: componentItems.filter((card) => card.sliceSlug === null),
			layout,
			slices:
				layout === 'slices'
					? slices.map((slice) => ({
							...slice,
							expanded: isSliceExpanded(slice, sliceState),
							cards: componentItems.filter((card) => card.sliceSlug === slice.slug),
							noAccessMessage: sliceMessage(slice),
						}))
					: [],
			sliceState,
			trail,
			breadcrumbs: reader.strategistMode ? shownBreadcrumbs(trail) : null,
			articles: articlesResponse
				? { items: articlesResponse.items.map((article) => teaserOf(article, RELATED_ARTICLE_VARIANT)), totalHits: articlesResponse.totalHits, totalPages: articlesResponse.totalPages, page, pageSize: paging.pageSize }
				: null,
			noAccessMessage: entity.hasAccess ? null : chooseNoAccessMessage(messages, ...(kind.noAccessSlug ? [kind.noAccessSlug] : [])),
			gate: accessGate(gateReaderOf(reader.user), { title: entity.name, url: absoluteUrl(origin, canonicalPath) }, new Date()),
			strategistMode: reader.strategistMode,
			canOpenStrategistPages: canOpenStrategistPages(reader.capabilities),
			editUrl: reader.capabilities.canEditPageLayout && CMS_URL ? `${CMS_URL.replace(/\/+$/, '')}/${kind.api}/${encodeURIComponent(entity.slug)}` : null,
		},
	}
}

/** The loader of an entity page with nothing of its own to add: its data, with the caching headers of a public page. */
export async function entityPageResponse(args: Args, key: EntityPageKey, options?: EntityPageOptions) {
	return pageResponse(args.request, (await loadEntityPage(args, key, options)).page)
}
