import type { ReactNode } from 'react'
import { CardGridOnDemand } from '~/components/cards/CardGridOnDemand.tsx'
import { NO_DATA_FOUND, type EntityPageData } from '~/lib/entity-pages.ts'
import { Breadcrumbs } from './Breadcrumbs.tsx'
import { RelatedArticles } from './RelatedArticles.tsx'
import { SliceLayout } from './SliceLayout.tsx'

type EntityPageViewProps = {
	page: EntityPageData
	/** A small line above the name (the kind, a date...). */
	eyebrow?: ReactNode
	image?: string | null
	/** Under the description in the header (links, facts). */
	headerExtra?: ReactNode
	/** The kind's own sections, between the header and the cards or slices. */
	children?: ReactNode
	articlesTitle?: string
	/** Each related article carries an anchor (#slug): blog pages. */
	anchoredArticles?: boolean
}

/**
 * Every entity page: strategist breadcrumbs, the header, the kind's own sections, the
 * cards (CardGridOnDemand: the browser loads the grid's code only where there are cards), the
 * slices (or 'No data found') and the related articles.
 */
export function EntityPageView({ page, eyebrow, image, headerExtra, children, articlesTitle, anchoredArticles = false }: EntityPageViewProps) {
	const { entity, body } = page
	return (
		<article className="entity-page">
			{page.breadcrumbs ? <Breadcrumbs crumbs={page.breadcrumbs} /> : null}
			<header className="entity-header">
				{image ? <img className="entity-header__image" src={image} alt="" width="160" height="160" /> : null}
				<div className="entity-header__text">
					{eyebrow ? <p className="entity-header__eyebrow">{eyebrow}</p> : null}
					<h1>{entity.name}</h1>
					{entity.headline ? <p className="entity-header__headline">{entity.headline}</p> : null}
					{entity.description ? <p className="entity-header__description">{entity.description}</p> : null}
					{headerExtra}
					{page.editUrl ? (
						<a className="button button--outline entity-header__edit" href={page.editUrl}>
							Edit
						</a>
					) : null}
				</div>
			</header>
			{/* Sanitised by the API (backend/api/content-html.ts safeHtml, entities.ts). */}
			{body ? <div className="prose entity-body" dangerouslySetInnerHTML={{ __html: body }} /> : null}
			{children}
			{page.cards.length > 0 ? <CardGridOnDemand cards={page.cards} /> : null}
			{page.layout === 'slices' ? (
				<SliceLayout slices={page.slices} state={page.sliceState} gate={page.gate} />
			) : page.layout === 'no-data' ? (
				<p className="empty no-data">{NO_DATA_FOUND}</p>
			) : null}
			{page.articles ? <RelatedArticles articles={page.articles} title={articlesTitle ?? `Latest on ${entity.name}`} anchors={anchoredArticles} /> : null}
		</article>
	)
}
