import { Link, useLocation } from '@remix-run/react'
import { CardGridOnDemand } from '~/components/cards/CardGridOnDemand.tsx'
import { NoAccessPanel } from '~/components/NoAccessPanel.tsx'
import { MESSAGES } from '../../../contract/constants.ts'
import { isStrategistSlice, type SliceView } from '~/lib/entity-pages.ts'
import { STRATEGIST_BENEFITS, type AccessGate } from '~/lib/no-access.ts'
import { withParams } from '~/lib/page-url.ts'
import { sliceStateParams, toggleSlice, type SliceState } from '~/lib/slice-state.ts'
const SLICE_TOGGLE_LABELS = { hide: 'Hide', show: 'Show', more: 'Show more', less: 'Show less' } as const

/**
 * A slice page (spec 000 §2): a sidebar of anchor links (#slug), and per slice a hide/show
 * toggle (`<details>`, no script needed) and a show more/less toggle (a link that changes
 * the URL's slice state, app/lib/slice-state.ts). Locked slices show the no-access panel.
 */
export function SliceLayout({ slices, state, gate }: { slices: SliceView[]; state: SliceState; gate: AccessGate }) {
	return (
		<div className="slice-layout">
			<nav className="slice-nav" aria-label="Sections">
				<ul>
					{slices.map((slice) => (
						<li key={slice.slug}>
							<a href={`#${slice.slug}`}>{slice.name}</a>
						</li>
					))}
				</ul>
			</nav>
			<div className="slice-layout__slices">
				{slices.map((slice) => (
					<SliceSection key={slice.slug} slice={slice} state={state} gate={gate} />
				))}
			</div>
		</div>
	)
}

function SliceSection({ slice, state, gate }: { slice: SliceView; state: SliceState; gate: AccessGate }) {
	const { pathname, search } = useLocation()
	const titleId = `${slice.slug}-title`
	return (
		<section id={slice.slug} className="slice" aria-labelledby={titleId}>
			<header className="slice__header">
				<h2 id={titleId}>
					{slice.name}
					{slice.hasAccess ? null : <span className="tag tag--strategist">{isStrategistSlice(slice) ? 'Strategist' : 'Members'}</span>}
				</h2>
				{slice.hasAccess ? (
					<Link
						className="slice__more"
						to={withParams(pathname, search, sliceStateParams(toggleSlice(slice, state)), `#${slice.slug}`)}
						preventScrollReset
						aria-label={`${slice.expanded ? SLICE_TOGGLE_LABELS.less : SLICE_TOGGLE_LABELS.more}: ${slice.name}`}
					>
						{slice.expanded ? SLICE_TOGGLE_LABELS.less : SLICE_TOGGLE_LABELS.more}
					</Link>
				) : null}
			</header>
			<details className="slice__toggle" open={slice.visibility !== 'hidden'}>
				<summary>
					<span className="when-open">{SLICE_TOGGLE_LABELS.hide}</span>
					<span className="when-closed">{SLICE_TOGGLE_LABELS.show}</span>
					<span className="visually-hidden"> {slice.name}</span>
				</summary>
				<div className={slice.expanded ? 'slice__body' : 'slice__body slice__body--short'}>
					{!slice.hasAccess ? (
						<NoAccessPanel message={slice.noAccessMessage ?? MESSAGES.noAccess} gate={gate} benefits={isStrategistSlice(slice) ? STRATEGIST_BENEFITS : undefined} />
					) : slice.cards.length > 0 ? (
						<CardGridOnDemand cards={slice.cards} />
					) : (
						<p className="empty">{MESSAGES.noContent}</p>
					)}
				</div>
			</details>
		</section>
	)
}
