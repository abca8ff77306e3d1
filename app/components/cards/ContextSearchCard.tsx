/**
 * Context search cards (accordions, spec 001 §2). A context holds chart, table and database
 * chart cards; they render as any card (the CardView they are given, from the page's registry: renderers.ts), so
 * the browser loads their code only when a context the reader may see holds one.
 */
import { Link } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import type { CardContextItem } from '../../../contract/cards.ts'
import { MESSAGES } from '../../../contract/constants.ts'
import { formatDate } from '~/lib/format.ts'
import { cardTypesAttribute } from './cards-on-page.ts'
import { CardHeader } from './parts.tsx'
import type { CardProps } from './types.ts'

/** What a context may hold: "chart, table or database-chart" (spec 001 §3). */
const CONTEXT_COMPONENTS: ReadonlySet<string> = new Set(['ChartCard', 'TableCard', 'DatabaseChartCard'])

type ContextConfig = { title?: string; contexts?: CardContextItem[]; searchTerm?: string; seeMoreLink?: string }

/** "/search | See-more destination for context lists" (spec 001 §2). */
function contextsSearchLink(config: ContextConfig) {
	const params = new URLSearchParams({ searchTerm: config.searchTerm || '*', sortBy: 'Relevance', 'filters[Page type]': '/contexts' })
	return `/search?${params}`
}

export function ContextSearchCard({ config, CardView }: CardProps<ContextConfig>) {
	const contexts = config.contexts ?? []
	return (
		<section className="card card--contexts">
			<CardHeader title={config.title} seeMoreLink={config.seeMoreLink ?? contextsSearchLink(config)} />
			{contexts.length === 0 ? <p className="empty">{MESSAGES.noResults}</p> : contexts.map((context) => <ContextAccordion key={context.slug} context={context} CardView={CardView} />)}
		</section>
	)
}

/** One context: open or closed as the CMS says (isExpanded); a locked view without access. */
function ContextAccordion({ context, CardView }: { context: CardContextItem } & Pick<CardProps<unknown>, 'CardView'>) {
	const details = useRef<HTMLDetailsElement>(null)
	// The Collapse button needs scripts, so it only appears once they run; the summary toggles either way.
	const [scripted, setScripted] = useState(false)
	useEffect(() => setScripted(true), [])
	const cards = context.hasAccess ? context.contextComponents.filter((card) => CONTEXT_COMPONENTS.has(card.cardType)) : []
	return (
		<details ref={details} className="context" open={context.isExpanded} id={`context-${context.slug}`}>
			<summary className="context__summary">
				<span className="context__name">{context.name}</span>
				{context.hasAccess ? null : <span className="tag tag--locked">{context.availableWith}</span>}
			</summary>
			<div className="context__body" {...cardTypesAttribute(cards)}>
				{/* htmlDescription and bodyText are sanitised by the API (backend/api/card-resolvers/search-cards.ts, safeHtml). */}
				{context.htmlDescription ? <div className="prose context__description" dangerouslySetInnerHTML={{ __html: context.htmlDescription }} /> : null}
				{context.hasAccess ? (
					<>
						{context.bodyText ? <div className="prose" dangerouslySetInnerHTML={{ __html: context.bodyText }} /> : null}
						{/* CardView is memoised: the Collapse button's state change does not reach a card still hydrating. */}
						{cards.map((card) => (
							<CardView key={card.id} card={card} />
						))}
						{context.authorNames.length > 0 ? (
							<p className="context__authors">
								{context.authorNames.join(', ')} · <time dateTime={context.publicationDate}>{formatDate(context.publicationDate)}</time>
							</p>
						) : null}
					</>
				) : (
					<p className="card__locked">
						{context.availableWith}. <Link to="/memberships">Find out more</Link>
					</p>
				)}
				{scripted ? (
					<button
						type="button"
						className="button button--ghost context__collapse"
						onClick={() => {
							if (!details.current) return
							details.current.open = false
							details.current.scrollIntoView({ block: 'nearest' })
						}}
					>
						Collapse
					</button>
				) : null}
			</div>
		</details>
	)
}
