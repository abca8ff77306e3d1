/**
 * Meta of entity list pages (meta.ts for entity pages): the kind's title and description, a
 * CollectionPage with the ItemList shown and the trail. Apart from meta.ts because it reads the
 * kinds' table (entity-kinds.ts), which entity pages' scripts do without.
 */
import type { MetaDescriptor } from '@remix-run/node'
import { breadcrumbJsonLd } from '~/lib/breadcrumbs.ts'
import { ENTITY_PAGE_KINDS } from '~/lib/entity-kinds.ts'
import { entityPath, type EntityListData } from '~/lib/entity-pages.ts'
import { absoluteUrl, errorMeta, seoMeta } from '~/lib/seo.ts'
import { itemList, withPage } from './meta.ts'

export function entityListMeta(list: EntityListData | undefined, error: unknown): MetaDescriptor[] {
	if (!list) return errorMeta(error)
	const kind = ENTITY_PAGE_KINDS[list.kindKey]
	const canonical = absoluteUrl(list.origin, list.canonicalPath)
	return seoMeta({
		title: withPage(kind.title, list.page),
		description: kind.description,
		canonical,
		jsonLd: [
			{
				'@context': 'https://schema.org',
				'@type': 'CollectionPage',
				name: kind.title,
				description: kind.description,
				url: canonical,
				mainEntity: itemList(list.items.map((item) => ({ name: item.name, url: absoluteUrl(list.origin, entityPath(list.kindKey, item.slug)) }))),
			},
			breadcrumbJsonLd([{ label: 'Home', href: '/' }, { label: kind.title }], list.origin, canonical),
		],
	})
}
