import { ArticleTeaser, type TeaserVariant } from '~/components/cards/ArticleTeaser.tsx'
import { MESSAGES } from '../../../contract/constants.ts'
import { ARTICLE_TEXT } from './constants.ts'
import type { RelatedList } from './related.ts'
import { SeeMoreLink } from '~/components/cards/parts.tsx'

/**
 * A list of articles beside the one being read; 'No related content found' when empty, and a
 * link to load the page again (`reloadHref`) when it failed.
 */
export function RelatedArticles({ id, title, list, variant, seeMore, reloadHref }: { id: string; title: string; list: RelatedList; variant: TeaserVariant; seeMore?: string; reloadHref: string }) {
	return (
		<section className="card related-articles" aria-labelledby={id}>
			<header className="card__header">
				<h2 id={id}>{title}</h2>
				{seeMore && list.articles.length > 0 ? <SeeMoreLink to={seeMore} text={ARTICLE_TEXT.seeMore} of={title} /> : null}
			</header>
			{list.failed ? (
				<p className="card--error" role="alert">
					<a href={reloadHref}>{MESSAGES.cardError}</a>
				</p>
			) : list.articles.length === 0 ? (
				<p className="empty">{MESSAGES.noRelatedContent}</p>
			) : (
				<div className={`article-grid article-grid--${variant}`}>
					{list.articles.map((article) => (
						<ArticleTeaser key={article.id} article={article} variant={variant} />
					))}
				</div>
			)}
		</section>
	)
}
