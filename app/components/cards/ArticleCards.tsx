/** The single-article card (or the month's sponsored article) and the blog card (spec 000 §2). */
import { Link } from '@remix-run/react'
import type { ArticleSummary } from '../../../contract/articles.ts'
import type { BlogPost } from '../../../contract/cards.ts'
import { BLOG_PAGE_PARAM, cardParam } from '../../../contract/card-rules.ts'
import { MESSAGES } from '../../../contract/constants.ts'
import { formatDate } from '~/lib/format.ts'
import { ArticleTeaser } from './ArticleTeaser.tsx'
import { CardHeader, CardPager } from './parts.tsx'
import type { CardProps } from './types.ts'

/** Heading of the sponsored pick when the CMS gives none. */
export const SPONSORED_HEADING = 'Sponsored'

type SingleArticleConfig = { title?: string; sponsored?: boolean; article?: ArticleSummary | null }

/** One article as a lead teaser; the sponsored pick names its sponsor. No article: no card. */
export function SingleArticleCard({ config }: CardProps<SingleArticleConfig>) {
	const article = config.article
	if (!article) return null
	const title = config.title ?? (config.sponsored ? SPONSORED_HEADING : undefined)
	return (
		<section className={`card card--single-article${config.sponsored ? ' card--sponsored' : ''}`}>
			<CardHeader title={title} />
			<ArticleTeaser article={article} variant="lead" />
			{config.sponsored && article.sponsor ? (
				<p className="card__sponsor">
					{article.sponsor.logo ? <img src={article.sponsor.logo} alt="" width="32" height="32" loading="lazy" /> : null}
					Sponsored by <Link to={`/companies/${article.sponsor.slug}`}>{article.sponsor.name}</Link>
				</p>
			) : null}
		</section>
	)
}

type BlogConfig = { title?: string; seeMoreLink?: string; posts?: BlogPost[]; pageNum?: number; totalPages?: number }

/**
 * Blog posts a page at a time. Read More opens a post's full text in place and Read Less
 * closes it (a disclosure, so no script is needed); paging is the card's own URL parameter.
 */
export function BlogCard({ config, card }: CardProps<BlogConfig>) {
	const posts = config.posts ?? []
	const anchor = `card-${card.id}`
	return (
		<section className="card card--blog" id={anchor}>
			<CardHeader title={config.title} seeMoreLink={config.seeMoreLink} />
			{posts.length === 0 ? (
				<p className="empty">{MESSAGES.noContent}</p>
			) : (
				<div className="blog-posts">
					{posts.map((post) => (
						<article key={post.id} className="blog-post">
							<p className="teaser__meta">
								{post.blogType ? (
									<Link to={`/blogs/${post.blogType.slug}`} className="teaser__type">
										{post.blogType.name}
									</Link>
								) : null}
								{post.hasAccess ? null : <span className="tag tag--locked">Members</span>}
							</p>
							<h3 className="teaser__headline">
								<Link to={`/articles/${post.slug}`}>{post.headline}</Link>
							</h3>
							<p className="teaser__byline">
								<time dateTime={post.publicationDate}>{formatDate(post.publicationDate)}</time>
								{post.author.length > 0 ? <> · {post.author.map((author) => author.name).join(', ')}</> : null}
							</p>
							{post.standfirst ? <p className="teaser__standfirst">{post.standfirst}</p> : null}
							{post.bodyText ? (
								<details className="read-more">
									<summary>
										<span className="read-more__more">Read More</span>
										<span className="read-more__less">Read Less</span>
									</summary>
									{/* Sanitised by the API (backend/api/card-resolvers/article-cards.ts, safeHtml). */}
									<div className="prose" dangerouslySetInnerHTML={{ __html: post.bodyText }} />
								</details>
							) : (
								<Link to={`/articles/${post.slug}`} className="card__more">
									Read the post
								</Link>
							)}
						</article>
					))}
				</div>
			)}
			<CardPager page={config.pageNum ?? 1} totalPages={config.totalPages ?? 1} param={cardParam(BLOG_PAGE_PARAM, card.id)} label={`${config.title ?? 'Blog'} pages`} hash={`#${anchor}`} />
		</section>
	)
}
