/** Small pieces several cards share: the heading row, a 3-then-More... list, paging links, money. */
import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { PageLinks } from '~/components/Pagination.tsx'
import { LIST_PREVIEW_COUNT } from '../../../contract/card-rules.ts'
import { formatMoney } from '../../../contract/format.ts'

/** Spec 001 §4: "No data available" when there is no chart data (also a company card's empty stats). */
export const NO_DATA = 'No data available'

/** A card's title with its optional "See more" link. */
export function CardHeader({ title, seeMoreLink, seeMoreText = 'See more', level = 2 }: { title?: string | null; seeMoreLink?: string | null; seeMoreText?: string; level?: 2 | 3 }) {
	if (!title && !seeMoreLink) return null
	const Heading = level === 2 ? 'h2' : 'h3'
	return (
		<header className="card__header">
			{title ? <Heading>{title}</Heading> : <span />}
			{seeMoreLink ? <SeeMoreLink to={seeMoreLink} text={seeMoreText} of={title} /> : null}
		</header>
	)
}

/**
 * A card's "See more" link. Out of its card, "See more" says nothing of where it leads (a
 * screen reader's list of links, a crawler: Lighthouse link-text), so the card's title
 * follows, for them only; the visible words stay first, so the link's name starts with them.
 */
export function SeeMoreLink({ to, text = 'See more', of }: { to: string; text?: string; of?: string | null }) {
	return (
		<Link to={to} className="card__more">
			{text}
			{of ? <span className="visually-hidden">: {of}</span> : null}
		</Link>
	)
}

/** "Lists show 3 entries before 'More...'"; our choice: `Less` folds the list again. */
export const MORE_LIST_LABELS = { more: 'More...', less: 'Less' } as const

/**
 * "Lists show 3 entries before 'More...'" (spec 000 §2, 001 §2 company activities): the
 * rest open in place in a `<details>`, so without scripts and without a page load.
 */
export function MoreList({ items, className }: { items: ReactNode[]; className?: string }) {
	if (items.length === 0) return null
	const shown = items.slice(0, LIST_PREVIEW_COUNT)
	const rest = items.slice(LIST_PREVIEW_COUNT)
	return (
		<div className={`more-list ${className ?? ''}`}>
			<ul>
				{shown.map((item, index) => (
					<li key={index}>{item}</li>
				))}
			</ul>
			{rest.length > 0 ? (
				<details>
					<summary>
						<span className="more-list__more">{MORE_LIST_LABELS.more}</span>
						<span className="more-list__less">{MORE_LIST_LABELS.less}</span>
					</summary>
					<ul>
						{rest.map((item, index) => (
							<li key={index}>{item}</li>
						))}
					</ul>
				</details>
			) : null}
		</div>
	)
}

/** Paging inside a card: the list pager's links, in place (the card's anchor, no scroll to the top). */
export function CardPager({ page, totalPages, param, label, hash }: { page: number; totalPages: number; param: string; label: string; hash?: string }) {
	return <PageLinks page={page} totalPages={totalPages} param={param} label={label} hash={hash} className="card-pager" inPlace />
}

const SCALES: [number, string][] = [
	[1000, 'Billion'],
	[1, 'Million'],
]

/**
 * Money held in millions, as the spec writes it: "$ ... million", with "bn and m expand to
 * Billion and Million" (spec 001 §3, §9).
 */
export function formatMillions(millions: number | null | undefined, currency = 'USD'): string {
	if (millions === null || millions === undefined || !Number.isFinite(millions)) return '-'
	const [divisor, word] = SCALES.find(([size]) => Math.abs(millions) >= size) ?? [1, 'Million']
	return `${formatMoney(millions / divisor, currency, { symbol: 'narrow', maximumFractionDigits: 1 })} ${word}`
}

/** A value already rounded to a unit ('bn' or 'm', spec 001 §3), read by the same rule as formatMillions. */
export function formatRoundedMoney(value: number, unit: string, currency = 'USD'): string {
	const millions = unit === 'bn' ? value * 1000 : unit === 'm' ? value : null
	return millions === null ? `${formatMoney(value, currency, { symbol: 'narrow', maximumFractionDigits: 3 })} ${unit}` : formatMillions(millions, currency)
}

/** A link that leaves the site opens in a new tab; ours stay client-side links. */
export function SmartLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
	if (/^https?:\/\//i.test(to))
		return (
			<a href={to} className={className} target="_blank" rel="noopener noreferrer">
				{children}
			</a>
		)
	return (
		<Link to={to} className={className}>
			{children}
		</Link>
	)
}
