import { ArticleTeaser } from '~/components/cards/ArticleTeaser.tsx'
import { Pagination } from '~/components/Pagination.tsx'
import { MESSAGES } from '../../../contract/constants.ts'
import type { RelatedArticles as RelatedArticlesData } from '~/lib/entity-pages.ts'
import { countLine, RELATED_ARTICLE_VARIANT } from '~/lib/entity-pages.ts'

/** An entity's related articles, newest first, paged like every list (spec 000 §2). */
export function RelatedArticles({ articles, title, anchors = false }: { articles: RelatedArticlesData; title: string; anchors?: boolean }) {
	return (
		<section className="related-articles" id="articles" aria-labelledby="articles-title">
			<header className="list-page__header">
				<h2 id="articles-title">{title}</h2>
				<p className="list-page__count">{countLine(articles.totalHits, ['article', 'articles'])}</p>
			</header>
			{articles.items.length === 0 ? (
				<p className="empty">{MESSAGES.noRelatedContent}</p>
			) : (
				<div className="article-list">
					{articles.items.map((article) =>
						// Blog pages anchor each post (#slug), so a link to a section lands on it.
						anchors ? (
							<div key={article.id} id={article.slug} className="anchored">
								<ArticleTeaser article={article} variant={RELATED_ARTICLE_VARIANT} />
							</div>
						) : (
							<ArticleTeaser key={article.id} article={article} variant={RELATED_ARTICLE_VARIANT} />
						),
					)}
				</div>
			)}
			<Pagination page={articles.page} pageSize={articles.pageSize} totalPages={articles.totalPages} totalHits={articles.totalHits} />
		</section>
	)
}
