import { Link } from '@remix-run/react'
import { MoreList } from '~/components/cards/parts.tsx'

export type Item = { label: string; href?: string | null; external?: boolean }

function ItemLink({ item }: { item: Item }) {
	if (!item.href) return <>{item.label}</>
	if (item.external) {
		return (
			<a href={item.href} target="_blank" rel="noopener noreferrer">
				{item.label}
			</a>
		)
	}
	return <Link to={item.href}>{item.label}</Link>
}

/**
 * A titled items list of an entity page: the first three entries, then the rest behind
 * 'More...' (MoreList). Its title is an h3 within a section; in the page header, right
 * under the h1, an h2 (headings go down one level at a time).
 */
export function ItemList({ title, items, id, level = 3 }: { title: string; items: Item[]; id?: string; level?: 2 | 3 }) {
	if (items.length === 0) return null
	const Title = level === 2 ? 'h2' : 'h3'
	return (
		<section className="item-list" id={id} aria-label={title}>
			<Title className="item-list__title">{title}</Title>
			<MoreList items={items.map((item, index) => <ItemLink key={`${index}-${item.label}`} item={item} />)} />
		</section>
	)
}
