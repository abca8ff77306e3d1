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

/** A titled items list of an entity page: the first three entries, then the rest behind 'More...' (MoreList). */
export function ItemList({ title, items, id }: { title: string; items: Item[]; id?: string }) {
	if (items.length === 0) return null
	return (
		<section className="item-list" id={id} aria-label={title}>
			<h3 className="item-list__title">{title}</h3>
			<MoreList items={items.map((item, index) => <ItemLink key={`${index}-${item.label}`} item={item} />)} />
		</section>
	)
}
