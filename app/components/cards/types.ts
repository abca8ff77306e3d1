import type { ComponentType } from 'react'
import type { Card } from '../../../contract/cards.ts'

/**
 * What every card renderer gets: its config (as the API resolved it), the card itself, and
 * the view that renders any card, for the cards a card holds (a context's charts and tables):
 * handed down rather than imported, so the grid and the card modules do not import each other.
 */
export type CardProps<Config> = { config: Config; card: Card; CardView: ComponentType<{ card: Card }> }
