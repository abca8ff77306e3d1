import { Link } from '@remix-run/react'

/** "Lists show 3 entries before 'More...'" (spec 000 §2, 001 §2 company activities). */
export const ITEM_LIST_VISIBLE = 3
export const MORE_LABEL = 'More...'
/** Our choice: the label of an opened list, to fold it again. */
export const LESS_LABEL = 'Less'

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
 * A titled list: the first three entries, then the rest behind 'More...'. The rest is a
 * `<details>`, so it opens without scripts and without a page load.
 */
export function ItemList({ title, items, id }: { title: string; items: Item[]; id?: string }) {
	if (items.length === 0) return null
	const shown = items.slice(0, ITEM_LIST_VISIBLE)
	const more = items.slice(ITEM_LIST_VISIBLE)
	return (
		<section className="item-list" id={id} aria-label={title}>
			<h3 className="item-list__title">{title}</h3>
			<ul>
				{shown.map((item, index) => (
					<li key={`${index}-${item.label}`}>
						<ItemLink item={item} />
					</li>
				))}
			</ul>
			{more.length > 0 ? (
				<details className="item-list__more">
					<summary>
						<span className="when-closed">{MORE_LABEL}</span>
						<span className="when-open">{LESS_LABEL}</span>
					</summary>
					<ul>
						{more.map((item, index) => (
							<li key={`${index}-${item.label}`}>
								<ItemLink item={item} />
							</li>
						))}
					</ul>
				</details>
			) : null}
		</section>
	)
}
