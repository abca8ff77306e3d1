/**
 * Card renderers by card type (spec 000 §1: chart, database chart, table, text, link, search
 * results of each kind, article list, single article, project list, advert, blog, stats,
 * company info). Types not listed show 'Component not yet implemented!'.
 *
 * The browser loads a renderer's code only on a page that has a card of its type (the first-load budget:
 * client JavaScript ≤ 100 kB gzip on pages without charts; the chart cards alone bring
 * Highcharts' glue, the SVG drawing and the forecast rules). So this registry, the one a
 * CardGrid uses unless told otherwise, holds each renderer behind `lazy()`: its module
 * (one chunk per card module) is fetched when a card of that type first renders.
 *
 * The server renders every card whole, at once, from the eager registry of
 * renderers.server.tsx, which entry.server.tsx provides through CardRenderersContext; the
 * HTML is the same as with scripts off. In the browser, the renderers of the cards a page
 * was served with load before it hydrates (load-page-cards.ts, on-demand.tsx); a card reached by
 * a client navigation sits in its own <Suspense> (CardBoundary) while its renderer loads.
 */
import { createContext, type ComponentType } from 'react'
import { onDemand as onDemandComponent, type OnDemand } from './on-demand.tsx'
import type { CardProps } from './types.ts'

// Each renderer reads its own config shape; the registry only knows they take CardProps.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type CardRenderer = ComponentType<CardProps<any>>

/** A renderer whose module (one chunk per card module) is fetched where a card of its type is. */
function onDemand<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name): OnDemand<CardProps<unknown>> {
	return onDemandComponent(async () => (await load())[name] as CardRenderer)
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

/** The card types with a renderer; the server's registry must list exactly these. */
export type CardType = keyof typeof CARD_RENDERERS_ON_DEMAND
export type CardRenderers = Record<CardType, CardRenderer>

/** Whether a card type has a renderer. */
export const isCardType = (cardType: string): cardType is CardType => Object.hasOwn(CARD_RENDERERS_ON_DEMAND, cardType)

/** The renderer of a card type, or none for a type without one. */
export function rendererOf(renderers: CardRenderers, cardType: string): CardRenderer | undefined {
	return isCardType(cardType) ? renderers[cardType] : undefined
}

/** Which registry cards render from: on demand in the browser; the server provides its eager one. */
export const CardRenderersContext = createContext<CardRenderers>(CARD_RENDERERS_ON_DEMAND)
