/**
 * The blocks /memberships and /advertise share: a card (a plan, the media kit) with its
 * heading, body and actions, and a grid of marketing figures (spec 002 §1).
 */
import type { ReactNode } from 'react'

export function OfferCard({ as: Tag = 'div', id, title, children, actions }: { as?: 'div' | 'li'; id: string; title?: string; children: ReactNode; actions?: ReactNode }) {
	return (
		<Tag className="plan-card" aria-labelledby={title ? id : undefined}>
			{title ? <h3 id={id}>{title}</h3> : null}
			{children}
			{actions ? <div className="plan-card__actions">{actions}</div> : null}
		</Tag>
	)
}

export type Figure = { value: string | number; label: string }

export function FigureGrid({ figures }: { figures: readonly Figure[] }) {
	return (
		<ul className="figure-grid">
			{figures.map((figure) => (
				<li key={figure.label}>
					<span className="figure">{figure.value}</span> {figure.label}
				</li>
			))}
		</ul>
	)
}
