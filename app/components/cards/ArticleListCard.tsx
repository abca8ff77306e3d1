import { Link } from '@remix-run/react'
import type { ArticleSummary } from '../../../contract/articles.ts'
import type { BlogPost } from '../../../contract/cards.ts'
import { MESSAGES } from '../../../contract/constants.ts'
import { ArticleTeaser, type TeaserVariant } from './ArticleTeaser.tsx'
import { CardHeader } from './parts.tsx'
import type { CardProps } from './types.ts'

/**
 * Spec 000 §2 article list layouts: how many articles each shows and how. `lead` opens with
 * a large first article; `partner` keeps the last place for the sponsored article.
 */
export const ARTICLE_LIST_LAYOUTS = {
	TenArticleGrid: { count: 10, variant: 'grid', lead: true, partner: false },
	TenArticleGridWithPartner: { count: 10, variant: 'grid', lead: true, partner: true },
	SixArticleGrid: { count: 6, variant: 'grid', lead: false, partner: false },
	FiveArticleGrid: { count: 5, variant: 'grid', lead: true, partner: false },
	FourArticleGrid: { count: 4, variant: 'grid', lead: false, partner: false },
	ThreeArticleGrid: { count: 3, variant: 'grid', lead: false, partner: false },
	HeadlineList: { count: 10, variant: 'headline', lead: false, partner: false },
	ImageList: { count: 10, variant: 'image-row', lead: false, partner: false },
	BodyTextOnly: { count: 10, variant: 'text', lead: false, partner: false },
} as const satisfies Record<string, { count: number; variant: TeaserVariant; lead: boolean; partner: boolean }>
export type ArticleListLayout = keyof typeof ARTICLE_LIST_LAYOUTS
export const DEFAULT_ARTICLE_LIST_LAYOUT: ArticleListLayout = 'SixArticleGrid'

/** The label over the sponsored article in the partner grid. */
export const PARTNER_SLOT_LABEL = 'Partner content'

export type ArticleListCardConfig = {
	title?: string
	layout?: string
	seeMoreLink?: string
	articles?: (ArticleSummary | BlogPost)[]
	/** The sponsored pick of the partner grid (TenArticleGridWithPartner). */
	sponsoredArticle?: ArticleSummary | null
	/** Drop this article from the list (the article being read). */
	excludeSlug?: string
}

export function layoutOf(name: string | undefined) {
	return Object.hasOwn(ARTICLE_LIST_LAYOUTS, name ?? '') ? ARTICLE_LIST_LAYOUTS[name as ArticleListLayout] : ARTICLE_LIST_LAYOUTS[DEFAULT_ARTICLE_LIST_LAYOUT]
}

export function ArticleListCard({ config }: Pick<CardProps<ArticleListCardConfig>, 'config'>) {
	const layout = layoutOf(config.layout)
	const sponsored = layout.partner ? (config.sponsoredArticle ?? null) : null
	// "Article lists drop the current article."
	const articles = (config.articles ?? []).filter((article) => article.slug !== config.excludeSlug).slice(0, layout.count - (sponsored ? 1 : 0))
	const [lead, ...rest] = articles
	const partnerSlot = sponsored ? (
		<div className="teaser-slot teaser-slot--partner">
			<p className="teaser-slot__label">{PARTNER_SLOT_LABEL}</p>
			<ArticleTeaser article={sponsored} variant={layout.variant} />
		</div>
	) : null
	return (
		<section className={`card card--article-list card--layout-${config.layout ?? DEFAULT_ARTICLE_LIST_LAYOUT}`}>
			<CardHeader title={config.title} seeMoreLink={config.seeMoreLink} />
			{articles.length === 0 && !sponsored ? (
				<p className="empty">{MESSAGES.noContent}</p>
			) : layout.variant === 'text' ? (
				<div className="article-grid article-grid--text">
					{articles.map((article) => (
						<BodyTextArticle key={article.id} article={article} />
					))}
				</div>
			) : layout.lead && lead ? (
				<div className="article-grid article-grid--with-lead">
					<ArticleTeaser article={lead} variant="lead" />
					<div className={`article-grid article-grid--${layout.variant}`}>
						{rest.map((article) => (
							<ArticleTeaser key={article.id} article={article} variant={layout.variant} />
						))}
						{partnerSlot}
					</div>
				</div>
			) : (
				<div className={`article-grid article-grid--${layout.variant} article-grid--count-${layout.count}`}>
					{articles.map((article) => (
						<ArticleTeaser key={article.id} article={article} variant={layout.variant} />
					))}
					{partnerSlot}
				</div>
			)}
		</section>
	)
}

/** "Body-text-only": the article's own text, for readers who may read it; a teaser for the others. */
function BodyTextArticle({ article }: { article: ArticleSummary | BlogPost }) {
	const body = 'bodyText' in article ? article.bodyText : null
	if (!body) return <ArticleTeaser article={article} variant="text" />
	return (
		<article className="body-text-article">
			<h3 className="teaser__headline">
				<Link to={`/articles/${article.slug}`}>{article.headline}</Link>
			</h3>
			{/* Sanitised by the API (backend/api/card-resolvers/article-cards.ts, safeHtml). */}
			<div className="prose" dangerouslySetInnerHTML={{ __html: body }} />
		</article>
	)
}
