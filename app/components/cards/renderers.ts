/**
 * Card renderers by card type (spec 000 §1: chart, database chart, table, text, link, search
 * results of each kind, article list, single article, project list, advert, blog, stats,
 * company info). Types not listed show 'Component not yet implemented!'.
 *
 * The browser loads a renderer's code only on a page that has a card of its type (issue 15:
 * client JavaScript ≤ 100 kB gzip on pages without charts; the chart cards alone bring
 * Highcharts' glue, the SVG drawing and the forecast rules). So this registry, the one a
 * CardGrid uses unless told otherwise, holds each renderer behind `lazy()`: its module
 * (one chunk per card module) is fetched when a card of that type first renders.
 *
 * The server renders every card whole, at once, from the eager registry of
 * renderers.server.tsx, which entry.server.tsx provides through CardRenderersContext; the
 * HTML is the same as with scripts off. In the browser each card sits in its own <Suspense>
 * (CardBoundary): while hydrating, a card whose renderer is still loading keeps the server's
 * HTML as it is and hydrates when its chunk arrives (React's selective hydration), so nothing
 * flashes and nothing mismatches.
 */
import { createContext, lazy, type ComponentType } from 'react'
import type { CardProps } from './types.ts'

// Each renderer reads its own config shape; the registry only knows they take CardProps.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type CardRenderer = ComponentType<CardProps<any>>

/** A renderer fetched on demand: `load()` fetches it once; `loaded` is it, once fetched; `failed`, when the fetch failed. */
type OnDemandRenderer = CardRenderer & { load: () => Promise<CardRenderer>; loaded?: CardRenderer; failed?: boolean }

/**
 * A renderer fetched with its module the first time a card of its type renders (React.lazy,
 * which suspends its first render), or asked for ahead with `load()` (rendererReady).
 */
function onDemand<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name): OnDemandRenderer {
	let loading: Promise<CardRenderer> | null = null
	const loadRenderer = () =>
		(loading ??= load().then(
			(module) => (renderer.loaded = module[name] as CardRenderer),
			(error: unknown) => {
				renderer.failed = true
				throw error
			},
		))
	const renderer: OnDemandRenderer = Object.assign(lazy(async () => ({ default: await loadRenderer() })), { load: loadRenderer })
	return renderer
}

/** The card modules, one chunk each (a module's cards usually appear together). */
const articleList = () => import('./ArticleListCard.tsx')
const articles = () => import('./ArticleCards.tsx')
const simple = () => import('./SimpleCards.tsx')
const data = () => import('./DataCards.tsx')
const company = () => import('./CompanyCards.tsx')
const lists = () => import('./ListCards.tsx')
const search = () => import('./SearchCards.tsx')
const contexts = () => import('./ContextSearchCard.tsx')
const coverGrid = () => import('./CoverGridCard.tsx')
const indexes = () => import('./IndexCards.tsx')

export const CARD_RENDERERS_ON_DEMAND = {
	ArticleListCard: onDemand(articleList, 'ArticleListCard'),
	SingleArticleCard: onDemand(articles, 'SingleArticleCard'),
	BlogCard: onDemand(articles, 'BlogCard'),
	TextCard: onDemand(simple, 'TextCard'),
	LinkCard: onDemand(simple, 'LinkCard'),
	AdvertCard: onDemand(simple, 'AdvertCard'),
	ChartCard: onDemand(data, 'ChartCard'),
	TableCard: onDemand(data, 'TableCard'),
	DatabaseChartCard: onDemand(data, 'DatabaseChartCard'),
	StatsCard: onDemand(company, 'StatsCard'),
	CompanyInfoCard: onDemand(company, 'CompanyInfoCard'),
	ProjectListCard: onDemand(lists, 'ProjectListCard'),
	// Search results of each kind.
	SearchCard: onDemand(search, 'SearchCard'),
	ContextSearchCard: onDemand(contexts, 'ContextSearchCard'),
	ProjectSearchCard: onDemand(lists, 'ProjectSearchCard'),
	EventSearchCard: onDemand(lists, 'EventSearchCard'),
	DocumentSearchCard: onDemand(coverGrid, 'DocumentSearchCard'),
	NewsletterSearchCard: onDemand(coverGrid, 'NewsletterSearchCard'),
	CompanySearchCard: onDemand(indexes, 'CompanySearchCard'),
	UtilitySearchCard: onDemand(indexes, 'UtilitySearchCard'),
	MergerSearchCard: onDemand(indexes, 'MergerSearchCard'),
}

/**
 * Card types whose renderers only show their card: no state, effects or handlers of their
 * own, links as AnchorLinks (handled by the body, anchor-navigation.tsx), and output that
 * depends on the card alone (and the address, which gives new cards when it changes). The
 * browser adopts such a card's server HTML instead of hydrating it (CardView, KeptMarkup):
 * a page of them loads none of their code until a navigation or new data renders one.
 */
export const DISPLAY_ONLY_CARD_TYPES: ReadonlySet<string> = new Set<keyof typeof CARD_RENDERERS_ON_DEMAND>([
	'ArticleListCard',
	'SingleArticleCard',
	'BlogCard',
	'TextCard',
	'LinkCard',
	'AdvertCard',
	'StatsCard',
	'CompanyInfoCard',
	'ProjectListCard',
	'SearchCard',
	'ProjectSearchCard',
	'EventSearchCard',
	'CompanySearchCard',
	'UtilitySearchCard',
	'MergerSearchCard',
])

/** The card types with a renderer; the server's registry must list exactly these. */
export type CardType = keyof typeof CARD_RENDERERS_ON_DEMAND
export type CardRenderers = Record<CardType, CardRenderer>

/** The registry's entry for a card type (an on-demand one or the server's own), if it has one. */
function registered(renderers: CardRenderers, cardType: string): (CardRenderer & Partial<OnDemandRenderer>) | undefined {
	return Object.hasOwn(renderers, cardType) ? renderers[cardType as CardType] : undefined
}

/** The renderer of a card type, or none for a type without one; once fetched, the renderer itself (it renders without suspending). */
export function rendererOf(renderers: CardRenderers, cardType: string): CardRenderer | undefined {
	const renderer = registered(renderers, cardType)
	return renderer?.loaded ?? renderer
}

/**
 * Null when a card of this type can render at once; else the fetch of its renderer (the
 * same promise each time). A card whose server HTML the browser adopted keeps it until then
 * (CardView), rather than showing a placeholder while the code comes.
 */
export function rendererReady(renderers: CardRenderers, cardType: string): Promise<unknown> | null {
	const renderer = registered(renderers, cardType)
	// A failed fetch is rendered (React.lazy fails it again, and the card's boundary says so).
	return renderer?.load && !renderer.loaded && !renderer.failed ? renderer.load() : null
}

/** Which registry cards render from: on demand in the browser; the server provides its eager one. */
export const CardRenderersContext = createContext<CardRenderers>(CARD_RENDERERS_ON_DEMAND)
