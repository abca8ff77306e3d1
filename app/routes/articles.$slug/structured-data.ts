import type { Article } from '../../../contract/articles.ts'
import { breadcrumbJsonLd } from '~/lib/breadcrumbs.ts'
import { PRODUCT_NAME } from '../../../contract/constants.ts'
import { absoluteUrl } from '~/lib/seo.ts'

/** The element holding the members-only text; named in JSON-LD `hasPart` for paywalled articles. */
export const GATED_SECTION_CLASS = 'paywalled-content'

/**
 * schema.org NewsArticle. Paywalled articles declare `isAccessibleForFree: false` with
 * `hasPart` pointing at the gated section, as search engines ask of subscription content.
 */
export function articleJsonLd(article: Article, origin: string) {
	const url = absoluteUrl(origin, `/articles/${article.slug}`)
	const image = article.imageUrl ?? article.thumbnail
	const isFree = article.isAccessibleForFree
	return {
		'@context': 'https://schema.org',
		'@type': 'NewsArticle',
		headline: article.headline,
		description: article.standfirst ?? undefined,
		url,
		mainEntityOfPage: url,
		datePublished: article.publicationDate,
		dateModified: article.updatedAt,
		articleSection: article.articleType.name,
		...(image ? { image: [absoluteUrl(origin, image)] } : {}),
		author: article.author.map((author) => ({ '@type': 'Person', name: author.name, url: absoluteUrl(origin, `/authors/${author.slug}`) })),
		publisher: { '@type': 'Organization', name: PRODUCT_NAME, logo: { '@type': 'ImageObject', url: absoluteUrl(origin, '/logo.svg') } },
		isAccessibleForFree: isFree,
		...(isFree ? {} : { hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: `.${GATED_SECTION_CLASS}` } }),
	}
}

/** The article's place on the site for search engines: Home › its type › the article. */
export function articleBreadcrumbJsonLd(article: Pick<Article, 'slug' | 'headline' | 'articleType'>, origin: string) {
	const trail = [{ label: 'Home', href: '/' }, { label: article.articleType.name, href: `/article-types/${article.articleType.slug}` }, { label: article.headline }]
	return breadcrumbJsonLd(trail, origin, absoluteUrl(origin, `/articles/${article.slug}`))
}
