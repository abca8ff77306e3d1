import { memo, useContext } from 'react'
import type { Card, CardPosition } from '../../../contract/cards.ts'
import { MESSAGES } from '../../../contract/constants.ts'
import { CardBoundary, CardError } from './CardBoundary.tsx'
import { cardTypesAttribute } from './cards-on-page.ts'
import { CardRenderersContext, rendererOf } from './renderers.ts'
import './cards.css'

/** Card widths on the 12-column grid. */
export const WIDTH_COLUMNS: Record<Card['width'], number> = {
	Full: 12,
	ThreeQuarters: 9,
	TwoThirds: 8,
	Half: 6,
	Third: 4,
	Quarter: 3,
	Sixth: 2,
}

const POSITIONS: CardPosition[] = ['Top', 'Left', 'Centre', 'Right', 'Bottom']

/**
 * Lays cards out by position: Top and Bottom span the page; Left, Centre and Right form
 * the middle row, each column as wide as its widest card.
 */
export function CardGrid({ cards }: { cards: Card[] }) {
	const byPosition = new Map(POSITIONS.map((position) => [position, cards.filter((card) => card.position === position).sort((a, b) => a.sortOrder - b.sortOrder)]))
	const middle = (['Left', 'Centre', 'Right'] as const).filter((position) => byPosition.get(position)!.length > 0)
	return (
		<div className="card-layout" {...cardTypesAttribute(cards)}>
			<CardRow cards={byPosition.get('Top')!} className="card-layout__top" />
			{middle.length > 0 ? (
				<div className="grid-12 card-layout__middle">
					{middle.map((position) => {
						const columnCards = byPosition.get(position)!
						const span = Math.max(...columnCards.map((card) => WIDTH_COLUMNS[card.width] ?? 12))
						return (
							<div key={position} className={`card-column card-column--${position.toLowerCase()} span-${span}`}>
								{columnCards.map((card) => (
									<CardView key={card.id} card={card} />
								))}
							</div>
						)
					})}
				</div>
			) : null}
			<CardRow cards={byPosition.get('Bottom')!} className="card-layout__bottom" />
		</div>
	)
}

function CardRow({ cards, className }: { cards: Card[]; className: string }) {
	if (cards.length === 0) return null
	return (
		<div className={`grid-12 ${className}`}>
			{cards.map((card) => (
				<div key={card.id} className={`span-${WIDTH_COLUMNS[card.width] ?? 12}`}>
					<CardView card={card} />
				</div>
			))}
		</div>
	)
}

/**
 * One card: the spec's error text when its data failed (the API marks it), 'Component not
 * yet implemented!' for a type without a renderer, else its renderer inside a boundary that
 * keeps a rendering failure to this card (see CardBoundary).
 *
 * Memoised on the card: while a card waits for its renderer's code, React keeps the server's
 * HTML only as long as nothing above re-renders it with new props (an update to a boundary
 * still hydrating makes React give up and render it afresh); the loader's card stays the
 * same object, so a re-render of the page does not reach it.
 */
export const CardView = memo(function CardView({ card }: { card: Card }) {
	const renderers = useContext(CardRenderersContext)
	if (card.config.error) return <CardError />
	const Renderer = rendererOf(renderers, card.cardType)
	if (!Renderer) return <section className="card card--unknown">{MESSAGES.unknownCard}</section>
	return (
		<CardBoundary cardId={card.id}>
			<Renderer config={card.config} card={card} CardView={CardView} />
		</CardBoundary>
	)
})
