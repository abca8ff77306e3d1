import { Link } from '@remix-run/react'
import type { ArticleSummary } from '../../../contract/articles.ts'
import { formatDate } from '~/lib/format.ts'

export type TeaserVariant = 'lead' | 'grid' | 'image-row' | 'headline' | 'text'

/** What a teaser shows of an article (a whole ArticleSummary is one too). */
export type TeaserArticle = Pick<ArticleSummary, 'id' | 'slug' | 'headline' | 'standfirst' | 'thumbnail' | 'imageUrl' | 'publicationDate' | 'articleType' | 'hasAccess'> & {
	author: { name: string }[]
	sponsor: object | null
}

/**
 * Only what a teaser of `variant` shows: a loader's data is serialised into its page's HTML,
 * so a list of whole ArticleSummaries (authors' photos and slugs, flags, the headline variant's
 * standfirsts and images) made every page that lists articles heavier and slower to render.
 */
export function teaserOf(article: TeaserArticle, variant: TeaserVariant): TeaserArticle {
	const shown = variant !== 'headline' && variant !== 'text'
	return {
		id: article.id,
		slug: article.slug,
		headline: article.headline,
		standfirst: variant === 'headline' ? null : article.standfirst,
		thumbnail: shown && !article.imageUrl ? article.thumbnail : null,
		imageUrl: shown ? article.imageUrl : null,
		publicationDate: article.publicationDate,
		articleType: { name: article.articleType.name, slug: article.articleType.slug },
		hasAccess: article.hasAccess,
		author: article.author.map(({ name }) => ({ name })),
		sponsor: article.sponsor ? {} : null,
	}
}

/**
 * One article in a list: the shapes of spec 000 §2's article list layouts. Its headline is
 * an h3 under a card's h2; a page whose list sits right under its h1 asks for h2 (headings
 * go down one level at a time).
 */
export function ArticleTeaser({ article, variant = 'grid', headingLevel = 3 }: { article: TeaserArticle; variant?: TeaserVariant; headingLevel?: 2 | 3 }) {
	const Headline = headingLevel === 2 ? 'h2' : 'h3'
	const image = article.imageUrl ?? article.thumbnail
	const showImage = image && (variant === 'lead' || variant === 'grid' || variant === 'image-row')
	return (
		<article className={`teaser teaser--${variant}`}>
			{showImage ? (
				<Link to={`/articles/${article.slug}`} className="teaser__image" tabIndex={-1} aria-hidden="true">
					<img src={image} alt="" loading={variant === 'lead' ? 'eager' : 'lazy'} width={variant === 'lead' ? 800 : 400} height={variant === 'lead' ? 450 : 225} />
				</Link>
			) : null}
			<div className="teaser__body">
				<p className="teaser__meta">
					<Link to={`/article-types/${article.articleType.slug}`} className="teaser__type">
						{article.articleType.name}
					</Link>
					{article.hasAccess ? null : (
						<span className="tag tag--locked" title="Members only">
							Members
						</span>
					)}
					{article.sponsor ? <span className="tag tag--sponsored">Sponsored</span> : null}
				</p>
				<Headline className="teaser__headline">
					<Link to={`/articles/${article.slug}`}>{article.headline}</Link>
				</Headline>
				{variant !== 'headline' && article.standfirst ? <p className="teaser__standfirst">{article.standfirst}</p> : null}
				<p className="teaser__byline">
					<time dateTime={article.publicationDate}>{formatDate(article.publicationDate)}</time>
					{article.author.length > 0 ? <> · {article.author.map((author) => author.name).join(', ')}</> : null}
				</p>
			</div>
		</article>
	)
}
