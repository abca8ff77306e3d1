/**
 * Meta of entity pages (list pages: list-meta.ts): seoMeta (title with suffix, description,
 * canonical, Open Graph, Twitter) plus JSON-LD: the BreadcrumbList of the trail, a
 * CollectionPage with the ItemList shown, and whatever the kind adds (Event, Organization, Person).
 */
import type { MetaDescriptor } from '@remix-run/node'
import type { ArticleSummary } from '../../../contract/articles.ts'
import type { Link } from '../../../contract/common.ts'
import { breadcrumbJsonLd } from '~/lib/breadcrumbs.ts'
import { PRODUCT_NAME } from '../../../contract/constants.ts'
import type { EntityPageData } from '~/lib/entity-pages.ts'
import { absoluteUrl, errorMeta, seoMeta } from '~/lib/seo.ts'

type JsonLd = Record<string, unknown>

export const itemList = (urls: { name: string; url: string }[]) => ({
	'@type': 'ItemList',
	numberOfItems: urls.length,
	itemListElement: urls.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, url: item.url })),
})

const articleItems = (origin: string, articles: Pick<ArticleSummary, 'headline' | 'slug'>[]) => articles.map((article) => ({ name: article.headline, url: absoluteUrl(origin, `/articles/${article.slug}`) }))

export const withPage = (title: string, page: number) => (page > 1 ? `${title} – page ${page}` : title)

export function entityPageMeta(
	page: EntityPageData | undefined,
	error: unknown,
	{
		jsonLd = [],
		title,
		description,
		image,
		collection = true,
	}: {
		jsonLd?: JsonLd[]
		title?: string
		description?: string | null
		image?: string | null
		/** The page is a collection of its articles (taxonomy pages); pages about one thing say so with their own type. */
		collection?: boolean
	} = {},
): MetaDescriptor[] {
	if (!page) return errorMeta(error)
	const { entity, origin } = page
	const canonical = absoluteUrl(origin, page.canonicalPath)
	const name = title ?? entity.seoProperties.title ?? entity.name
	const articles = collection ? (page.articles?.items ?? []) : []
	const collectionPage: JsonLd[] = articles.length
		? [
				{
					'@context': 'https://schema.org',
					'@type': 'CollectionPage',
					name: entity.name,
					url: canonical,
					isPartOf: { '@type': 'WebSite', name: PRODUCT_NAME, url: absoluteUrl(origin, '/') },
					mainEntity: itemList(articleItems(origin, articles)),
				},
			]
		: []
	return seoMeta({
		title: withPage(name, page.articles?.page ?? 1),
		description: description ?? entity.seoProperties.description ?? entity.description,
		canonical,
		image: image ?? entity.bannerImage ?? entity.thumbnail,
		jsonLd: [breadcrumbJsonLd(page.trail, origin, canonical), ...collectionPage, ...jsonLd],
	})
}

/**
 * schema.org Organization of a company or utility page: its name, description and page, its
 * website and the country of its headquarters, and whatever else the kind knows of it.
 */
export function organizationJsonLd(
	page: EntityPageData,
	{ website, headquartersCountry }: { website?: string | null; headquartersCountry?: Link | null },
	more: { legalName?: string; alternateName?: string; logo?: string } = {},
): JsonLd {
	return {
		'@context': 'https://schema.org',
		'@type': 'Organization',
		name: page.entity.name,
		...more,
		description: page.entity.description ?? undefined,
		url: absoluteUrl(page.origin, page.canonicalPath),
		sameAs: website ? [website] : undefined,
		address: headquartersCountry ? { '@type': 'PostalAddress', addressCountry: headquartersCountry.slug.toUpperCase() } : undefined,
	}
}
