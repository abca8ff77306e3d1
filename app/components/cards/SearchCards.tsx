/** Site search result cards (spec 000 §2, §3). */
import { Link } from '@remix-run/react'
import type { SearchHit } from '../../../contract/search.ts'
import { MESSAGES } from '../../../contract/constants.ts'
import { formatDate } from '~/lib/format.ts'
import { hitLabel } from '../../../contract/search-params.ts'
import { CardHeader } from './parts.tsx'
import type { CardProps } from './types.ts'

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
