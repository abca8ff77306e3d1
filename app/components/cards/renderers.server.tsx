/**
 * The server's card registry: every renderer (and the grid, CardGridOnDemand's), imported
 * eagerly, so the server renders each card whole at once (never a fallback while code loads;
 * the HTML is what readers without scripts get). entry.server.tsx wraps the page in
 * EveryCardRenderer. `.server` keeps it out of the browser's bundle, which loads renderers on
 * demand (renderers.ts).
 */
import type { ReactNode } from 'react'
import { BlogCard, SingleArticleCard } from './ArticleCards.tsx'
import { ArticleListCard } from './ArticleListCard.tsx'
import { CardGrid } from './CardGrid.tsx'
import { CardGridContext } from './CardGridOnDemand.tsx'
import { CompanyInfoCard, StatsCard } from './CompanyCards.tsx'
import { ContextSearchCard } from './ContextSearchCard.tsx'
import { DocumentSearchCard, NewsletterSearchCard } from './CoverGridCard.tsx'
import { ChartCard, DatabaseChartCard, TableCard } from './DataCards.tsx'
import { CompanySearchCard, MergerSearchCard, UtilitySearchCard } from './IndexCards.tsx'
import { EventSearchCard, ProjectListCard, ProjectSearchCard } from './ListCards.tsx'
import { CardRenderersContext, type CardRenderers } from './renderers.ts'
import { SearchCard } from './SearchCards.tsx'
import { AdvertCard, LinkCard, TextCard } from './SimpleCards.tsx'

export const CARD_RENDERERS = {
	ArticleListCard,
	SingleArticleCard,
	BlogCard,
	TextCard,
	LinkCard,
	AdvertCard,
	ChartCard,
	TableCard,
	DatabaseChartCard,
	StatsCard,
	CompanyInfoCard,
	ProjectListCard,
	SearchCard,
	ContextSearchCard,
	ProjectSearchCard,
	EventSearchCard,
	DocumentSearchCard,
	NewsletterSearchCard,
	CompanySearchCard,
	UtilitySearchCard,
	MergerSearchCard,
} satisfies CardRenderers

/** Cards inside render from the eager registry, in the eager grid (CardGridOnDemand's on the server). */
export function EveryCardRenderer({ children }: { children: ReactNode }) {
	return (
		<CardRenderersContext.Provider value={CARD_RENDERERS}>
			<CardGridContext.Provider value={CardGrid}>{children}</CardGridContext.Provider>
		</CardRenderersContext.Provider>
	)
}
