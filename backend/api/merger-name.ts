import { sql } from 'drizzle-orm'

/**
 * Reads "X acquires Y" / "X acquires 40% of Y": mergers have no name of their own. One
 * expression on the mergers row `e`, for the entity API, site search and the merger card
 * (its own module, so the card resolvers can use it without importing the entity registry).
 */
export const MERGER_NAME = sql`e.acquiror_name || ' acquires ' || case when e.percent_acquired is not null and e.percent_acquired < 100 then round(e.percent_acquired::numeric)::text || '% of ' else '' end || e.target_name`
