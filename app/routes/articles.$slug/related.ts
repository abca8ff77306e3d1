import type { ArticleSummary } from '../../../contract/articles.ts'

export type RelatedList = { articles: ArticleSummary[]; failed: boolean }

/**
 * Spec 000 §5 "Article lists drop the current article", §9 "default list limit 10 plus the
 * current article": a list fetched one longer than shown, without the article being read.
 */
export function relatedList(articles: readonly ArticleSummary[], currentSlug: string, limit: number): RelatedList {
	return { articles: articles.filter((article) => article.slug !== currentSlug).slice(0, limit), failed: false }
}
