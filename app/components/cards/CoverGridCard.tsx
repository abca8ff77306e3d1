/**
 * Document and newsletter search cards (spec 002 §2): published-from and published-to
 * filters, an 'n of total results' line and a grid of covers, a page at a time. The filter
 * is a GET form (it works without scripts); with scripts a date change submits itself after
 * the spec's 2-second pause.
 */
import { Form, Link, useLocation, useSubmit } from '@remix-run/react'
import { useEffect, useId, useRef } from 'react'
import type { CoverGridResult } from '../../../contract/cards.ts'
import { COVER_GRID_PARAMS } from '../../../contract/card-rules.ts'
import { MESSAGES } from '../../../contract/constants.ts'
import { formatDate } from '~/lib/format.ts'
import { DATE_FILTER_DEBOUNCE_MS } from '../../../contract/search-params.ts'
import { CardHeader, CardPager } from './parts.tsx'
import type { CardProps } from './types.ts'
import { resultsCount } from '../../../contract/format.ts'

type CoverGridConfig = Partial<CoverGridResult> & { title?: string; seeMoreLink?: string }

export function DocumentSearchCard(props: CardProps<CoverGridConfig>) {
	return <CoverGridCard {...props} kind="documents" />
}

export function NewsletterSearchCard(props: CardProps<CoverGridConfig>) {
	return <CoverGridCard {...props} kind="newsletters" />
}

function CoverGridCard({ config, card, kind }: CardProps<CoverGridConfig> & { kind: 'documents' | 'newsletters' }) {
	const items = config.items ?? []
	const anchor = `card-${card.id}`
	return (
		<section className={`card card--covers card--${kind}`} id={anchor}>
			<CardHeader title={config.title} seeMoreLink={config.seeMoreLink} />
			<DateFilter publishedFrom={config.publishedFrom ?? ''} publishedTo={config.publishedTo ?? ''} anchor={anchor} />
			{config.warning ? (
				<p className="warning" role="status">
					{config.warning}
				</p>
			) : null}
			{items.length === 0 ? (
				config.warning ? null : <p className="empty">{MESSAGES.noResults}</p>
			) : (
				<>
					<p className="card__count">
						{resultsCount(items.length, config.totalHits ?? items.length)}
					</p>
					<ul className="cover-grid">
						{items.map((item) => (
							<li key={item.slug} className="cover">
								<Link to={item.url} className="cover__link">
									<img src={item.image ?? '/images/doc-report.svg'} alt="" width="180" height="240" loading="lazy" />
									<span className="cover__name">{item.name}</span>
								</Link>
								<span className="cover__meta">
									<time dateTime={item.publicationDate}>{formatDate(item.publicationDate)}</time>
									{item.hasAccess ? null : item.hasSampleAccess ? <span className="tag">Sample</span> : <span className="tag tag--locked">Members</span>}
								</span>
							</li>
						))}
					</ul>
				</>
			)}
			<CardPager page={config.pageNum ?? 1} totalPages={config.totalPages ?? 1} param={COVER_GRID_PARAMS.page} label={`${config.title ?? 'Results'} pages`} hash={`#${anchor}`} />
		</section>
	)
}

/** The page's date range; submitting it starts again at page 1 (pageNum is left out). */
function DateFilter({ publishedFrom, publishedTo, anchor }: { publishedFrom: string; publishedTo: string; anchor: string }) {
	const { pathname, search } = useLocation()
	const submit = useSubmit()
	const id = useId()
	const timer = useRef<ReturnType<typeof setTimeout>>()
	useEffect(() => () => clearTimeout(timer.current), [])
	const dropped = new Set<string>(Object.values(COVER_GRID_PARAMS))
	const kept = [...new URLSearchParams(search)].filter(([name]) => !dropped.has(name))
	return (
		<Form
			method="get"
			action={pathname}
			preventScrollReset
			className="date-filter"
			onChange={(event) => {
				const form = event.currentTarget
				clearTimeout(timer.current)
				timer.current = setTimeout(() => submit(form, { preventScrollReset: true }), DATE_FILTER_DEBOUNCE_MS)
			}}
			// Submitted by hand: the pending automatic submit is not needed any more.
			onSubmit={() => clearTimeout(timer.current)}
		>
			{kept.map(([name, value], index) => (
				<input key={`${name}-${index}`} type="hidden" name={name} value={value} />
			))}
			<label htmlFor={`${id}-from`}>Published from</label>
			<input key={`from-${publishedFrom}`} id={`${id}-from`} type="date" name={COVER_GRID_PARAMS.publishedFrom} defaultValue={publishedFrom} />
			<label htmlFor={`${id}-to`}>Published to</label>
			<input key={`to-${publishedTo}`} id={`${id}-to`} type="date" name={COVER_GRID_PARAMS.publishedTo} defaultValue={publishedTo} />
			<button type="submit" className="button button--outline">
				Filter
			</button>
			{publishedFrom || publishedTo ? (
				<Link to={`${pathname}${kept.length ? `?${new URLSearchParams(kept)}` : ''}#${anchor}`} preventScrollReset className="date-filter__clear">
					Clear dates
				</Link>
			) : null}
		</Form>
	)
}
