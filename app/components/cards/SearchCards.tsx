/** Context search cards (accordions, spec 001 §2) and site search result cards (spec 000 §2, §3). */
import { Link } from '@remix-run/react'
import { useEffect, useRef, useState, type ComponentType } from 'react'
import type { Card, CardContextItem } from '../../../contract/cards.ts'
import type { SearchHit } from '../../../contract/search.ts'
import { MESSAGES } from '../../../contract/constants.ts'
import { formatDate } from '~/lib/format.ts'
import { hitLabel } from '../../../contract/search-params.ts'
import { CardBoundary } from './CardBoundary.tsx'
import { ChartCard, DatabaseChartCard, TableCard } from './DataCards.tsx'
import { CardHeader } from './parts.tsx'
import type { CardProps } from './types.ts'

/** What a context may hold: "chart, table or database-chart" (spec 001 §3). */
const CONTEXT_COMPONENTS: Record<string, ComponentType<CardProps<never>>> = { ChartCard, TableCard, DatabaseChartCard }

type ContextConfig = { title?: string; contexts?: CardContextItem[]; searchTerm?: string; seeMoreLink?: string }

/** "/search | See-more destination for context lists" (spec 001 §2). */
function contextsSearchLink(config: ContextConfig) {
	const params = new URLSearchParams({ searchTerm: config.searchTerm || '*', sortBy: 'Relevance', 'filters[Page type]': '/contexts' })
	return `/search?${params}`
}

export function ContextSearchCard({ config }: CardProps<ContextConfig>) {
	const contexts = config.contexts ?? []
	return (
		<section className="card card--contexts">
			<CardHeader title={config.title} seeMoreLink={config.seeMoreLink ?? contextsSearchLink(config)} />
			{contexts.length === 0 ? <p className="empty">{MESSAGES.noResults}</p> : contexts.map((context) => <ContextAccordion key={context.slug} context={context} />)}
		</section>
	)
}

/** One context: open or closed as the CMS says (isExpanded); a locked view without access. */
function ContextAccordion({ context }: { context: CardContextItem }) {
	const details = useRef<HTMLDetailsElement>(null)
	// The Collapse button needs scripts, so it only appears once they run; the summary toggles either way.
	const [scripted, setScripted] = useState(false)
	useEffect(() => setScripted(true), [])
	return (
		<details ref={details} className="context" open={context.isExpanded} id={`context-${context.slug}`}>
			<summary className="context__summary">
				<span className="context__name">{context.name}</span>
				{context.hasAccess ? null : <span className="tag tag--locked">{context.availableWith}</span>}
			</summary>
			<div className="context__body">
				{/* htmlDescription and bodyText are sanitised by the API (backend/api/card-resolvers/search-cards.ts, safeHtml). */}
				{context.htmlDescription ? <div className="prose context__description" dangerouslySetInnerHTML={{ __html: context.htmlDescription }} /> : null}
				{context.hasAccess ? (
					<>
						{context.bodyText ? <div className="prose" dangerouslySetInnerHTML={{ __html: context.bodyText }} /> : null}
						{context.contextComponents.map((card: Card) => {
							const Renderer = CONTEXT_COMPONENTS[card.cardType]
							return Renderer ? (
								<CardBoundary key={card.id} cardId={card.id}>
									<Renderer config={card.config as never} card={card} />
								</CardBoundary>
							) : null
						})}
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

type SearchConfig = { title?: string; searchHits?: SearchHit[]; totalHits?: number; seeMoreQuery?: string; seeMoreLink?: string }

/** Site search results for the card's preset query, linking on to the search page. */
export function SearchCard({ config }: CardProps<SearchConfig>) {
	const hits = config.searchHits ?? []
	return (
		<section className="card card--search">
			<CardHeader title={config.title} seeMoreLink={config.seeMoreLink ?? (config.seeMoreQuery ? `/search?${config.seeMoreQuery}` : '/search')} />
			{hits.length === 0 ? (
				<p className="empty">{MESSAGES.noResults}</p>
			) : (
				<ul className="hit-list">
					{hits.map((hit) => (
						<li key={hit.fullUrl}>
							<span className="hit-list__type">{hitLabel(hit)}</span>
							<Link to={hit.fullUrl} className="hit-list__name">
								{hit.name}
							</Link>
							{hit.hasAccess ? null : <span className="tag tag--locked">Members</span>}
							{hit.description ? <span className="hit-list__meta">{hit.description}</span> : null}
							{hit.publicationDate ? (
								<time className="hit-list__date" dateTime={hit.publicationDate}>
									{formatDate(hit.publicationDate)}
								</time>
							) : null}
						</li>
					))}
				</ul>
			)}
		</section>
	)
}
