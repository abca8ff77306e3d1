import type { Card } from '../../../contract/cards.ts'

/** What every card renderer gets: its config (as the API resolved it) and the card itself. */
export type CardProps<Config> = { config: Config; card: Card }
