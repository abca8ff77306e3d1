/** Small pieces several cards share: the heading row, a 3-then-More... list, paging links, money. */
import { Link, useLocation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { LIST_PREVIEW_COUNT } from '~/lib/card-rules.ts'

/** A card's title with its optional "See more" link. */
export function CardHeader({ title, seeMoreLink, seeMoreText = 'See more', level = 2 }: { title?: string | null; seeMoreLink?: string | null; seeMoreText?: string; level?: 2 | 3 }) {
	if (!title && !seeMoreLink) return null
	const Heading = level === 2 ? 'h2' : 'h3'
	return (
		<header className="card__header">
			{title ? <Heading>{title}</Heading> : <span />}
			{seeMoreLink ? (
				<Link to={seeMoreLink} className="card__more">
					{seeMoreText}
				</Link>
			) : null}
		</header>
	)
}

/** "Lists show 3 entries before 'More...'": the rest open in place, without scripts. */
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
						<span className="more-list__more">More...</span>
						<span className="more-list__less">Less</span>
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

/** The current URL with `name` set to `page` (dropped on page 1), other parameters kept. */
export function usePageHref(name: string) {
	const { pathname, search } = useLocation()
	return (page: number, hash = '') => {
		const params = new URLSearchParams(search)
		if (page <= 1) params.delete(name)
		else params.set(name, String(page))
		const query = params.toString()
		return `${pathname}${query ? `?${query}` : ''}${hash}`
	}
}

/** Previous / Page n of m / Next, as links (disabled at the ends); nothing for one page. */
export function CardPager({ page, totalPages, param, label, hash }: { page: number; totalPages: number; param: string; label: string; hash?: string }) {
	const href = usePageHref(param)
	if (totalPages <= 1) return null
	return (
		<nav className="card-pager" aria-label={label}>
			{page > 1 ? (
				<Link to={href(page - 1, hash)} rel="prev" preventScrollReset className="button button--outline">
					Previous
				</Link>
			) : (
				<span className="button button--outline" aria-disabled="true">
					Previous
				</span>
			)}
			<span className="card-pager__status">
				Page {page} of {totalPages}
			</span>
			{page < totalPages ? (
				<Link to={href(page + 1, hash)} rel="next" preventScrollReset className="button button--outline">
					Next
				</Link>
			) : (
				<span className="button button--outline" aria-disabled="true">
					Next
				</span>
			)}
		</nav>
	)
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
	const amount = (millions / divisor).toLocaleString('en-GB', { maximumFractionDigits: 1 })
	return `${currencySymbol(currency)}${amount} ${word}`
}

export function currencySymbol(currency: string) {
	try {
		const symbol = new Intl.NumberFormat('en-GB', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).formatToParts(0).find((part) => part.type === 'currency')?.value
		return symbol && symbol !== currency ? symbol : `${currency} `
	} catch {
		return `${currency} `
	}
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
