/**
 * Card renderers by card type (spec 000 §1: chart, database chart, table, text, link, search
 * results of each kind, article list, single article, project list, advert, blog, stats,
 * company info). Types not listed show 'Component not yet implemented!'.
 */
import type { ComponentType } from 'react'
import { BlogCard, SingleArticleCard } from './ArticleCards.tsx'
import { ArticleListCard } from './ArticleListCard.tsx'
import { CompanyInfoCard, StatsCard } from './CompanyCards.tsx'
import { DocumentSearchCard, NewsletterSearchCard } from './CoverGridCard.tsx'
import { ChartCard, DatabaseChartCard, TableCard } from './DataCards.tsx'
import { CompanySearchCard, MergerSearchCard, UtilitySearchCard } from './IndexCards.tsx'
import { EventSearchCard, ProjectListCard, ProjectSearchCard } from './ListCards.tsx'
import { ContextSearchCard, SearchCard } from './SearchCards.tsx'
import { AdvertCard, LinkCard, TextCard } from './SimpleCards.tsx'
import type { CardProps } from './types.ts'

// Each renderer reads its own config shape; the registry only knows they take CardProps.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const CARD_RENDERERS: Record<string, ComponentType<CardProps<any>>> = {
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
	// Search results of each kind.
	SearchCard,
	ContextSearchCard,
	ProjectSearchCard,
	EventSearchCard,
	DocumentSearchCard,
	NewsletterSearchCard,
	CompanySearchCard,
	UtilitySearchCard,
	MergerSearchCard,
}
