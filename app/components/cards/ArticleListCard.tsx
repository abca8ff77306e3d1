import { Link } from '@remix-run/react'
import type { ArticleSummary } from '~/lib/api-types.ts'
import { MESSAGES } from '~/lib/constants.ts'
import { ArticleTeaser, type TeaserVariant } from './ArticleTeaser.tsx'

/** Spec 000 §2 article list layouts: how many articles each shows and how. */
export const ARTICLE_LIST_LAYOUTS = {
	TenArticleGrid: { count: 10, variant: 'grid', lead: true },
	TenArticleGridWithPartner: { count: 10, variant: 'grid', lead: true },
	SixArticleGrid: { count: 6, variant: 'grid', lead: false },
	FiveArticleGrid: { count: 5, variant: 'grid', lead: true },
	FourArticleGrid: { count: 4, variant: 'grid', lead: false },
	ThreeArticleGrid: { count: 3, variant: 'grid', lead: false },
	HeadlineList: { count: 10, variant: 'headline', lead: false },
	ImageList: { count: 10, variant: 'image-row', lead: false },
	BodyTextOnly: { count: 10, variant: 'text', lead: false },
} as const satisfies Record<string, { count: number; variant: TeaserVariant; lead: boolean }>
export type ArticleListLayout = keyof typeof ARTICLE_LIST_LAYOUTS

export type ArticleListCardConfig = {
	title?: string
	layout?: string
	seeMoreLink?: string
	articles?: ArticleSummary[]
	/** Drop this article from the list (the article being read). */
	excludeSlug?: string
}

export function ArticleListCard({ config }: { config: ArticleListCardConfig }) {
	const layout = ARTICLE_LIST_LAYOUTS[(config.layout ?? 'SixArticleGrid') as ArticleListLayout] ?? ARTICLE_LIST_LAYOUTS.SixArticleGrid
	const articles = (config.articles ?? []).filter((article) => article.slug !== config.excludeSlug).slice(0, layout.count)
	const [lead, ...rest] = articles
	return (
		<section className="card card--article-list">
			{config.title ? (
				<header className="card__header">
					<h2>{config.title}</h2>
					{config.seeMoreLink ? (
						<Link to={config.seeMoreLink} className="card__more">
							See more
						</Link>
					) : null}
				</header>
			) : null}
			{articles.length === 0 ? (
				<p className="empty">{MESSAGES.noContent}</p>
			) : layout.lead && lead ? (
				<div className="article-grid article-grid--with-lead">
					<ArticleTeaser article={lead} variant="lead" />
					<div className={`article-grid article-grid--${layout.variant}`}>
						{rest.map((article) => (
							<ArticleTeaser key={article.id} article={article} variant={layout.variant} />
						))}
					</div>
				</div>
			) : (
				<div className={`article-grid article-grid--${layout.variant} article-grid--count-${layout.count}`}>
					{articles.map((article) => (
						<ArticleTeaser key={article.id} article={article} variant={layout.variant} />
					))}
				</div>
			)}
		</section>
	)
}
