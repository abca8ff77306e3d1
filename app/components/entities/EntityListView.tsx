import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Pagination } from '~/components/Pagination.tsx'
import type { Link as EntityLink } from '../../../contract/common.ts'
import type { EntitySummary } from '../../../contract/entities.ts'
import { MESSAGES } from '../../../contract/constants.ts'
import { ENTITY_PAGE_KINDS } from '~/lib/entity-kinds.ts'
import { countLine, entityPath, type EntityListData, type EntityPageKey } from '~/lib/entity-pages.ts'
import { formatDate } from '~/lib/format.ts'

/** A list page (spec 000 §2): title, count line, the entities, pagination. */
export function EntityListView({ list, intro }: { list: EntityListData; intro?: ReactNode }) {
	const kind = ENTITY_PAGE_KINDS[list.kindKey]
	return (
		<section className="list-page">
			<header className="list-page__header">
				<h1>{kind.title}</h1>
				<p className="list-page__count">{countLine(list.totalHits, kind.noun)}</p>
			</header>
			{intro}
			{list.items.length === 0 ? (
				<p className="empty">{MESSAGES.noResults}</p>
			) : (
				<ul className="entity-list">
					{list.items.map((item) => (
						<EntityListItem key={item.id} kindKey={list.kindKey} item={item} />
					))}
				</ul>
			)}
			<Pagination page={list.page} pageSize={list.pageSize} totalPages={list.totalPages} totalHits={list.totalHits} />
		</section>
	)
}

function EntityListItem({ kindKey, item }: { kindKey: EntityPageKey; item: EntitySummary }) {
	const details = item.details ?? {}
	const country = details.country as EntityLink | null | undefined
	const facts = [
		country?.name,
		Array.isArray(details.projectTypes) ? (details.projectTypes as string[]).join(', ') : null,
		typeof details.progress === 'string' ? details.progress : null,
	].filter(Boolean)
	return (
		<li className="entity-list__item">
			{item.thumbnail ? <img src={item.thumbnail} alt="" width="64" height="64" loading="lazy" /> : null}
			<div>
				<h2 className="entity-list__name">
					<Link to={entityPath(kindKey, item.slug)}>{item.name}</Link>
				</h2>
				{facts.length > 0 ? <p className="entity-list__facts">{facts.join(' · ')}</p> : null}
				{item.description ? <p className="entity-list__description">{item.description}</p> : null}
				{kindKey === 'projects' && item.publicationDate ? (
					<p className="entity-list__date">
						Updated <time dateTime={item.publicationDate}>{formatDate(item.publicationDate)}</time>
					</p>
				) : null}
			</div>
		</li>
	)
}
