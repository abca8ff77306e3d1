import { teaserOf, type TeaserArticle, type TeaserVariant } from '~/components/cards/ArticleTeaser.tsx'
import type { ArticleSummary } from '../../../contract/articles.ts'

export type RelatedList = { articles: TeaserArticle[]; failed: boolean }

/**
 * Spec 000 §5 "Article lists drop the current article", §9 "default list limit 10 plus the
 * current article": a list fetched one longer than shown, without the article being read,
 * each article as the teaser of `variant` shows it.
 */
export function relatedList(articles: readonly ArticleSummary[], currentSlug: string, limit: number, variant: TeaserVariant): RelatedList {
	return { articles: articles.filter((article) => article.slug !== currentSlug).slice(0, limit).map((article) => teaserOf(article, variant)), failed: false }
}
