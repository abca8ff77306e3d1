/**
 * The count under a search card ("N projects", "N companies"): everything its config matches,
 * the same for every reader. At ten times the data, counting every matching project and company
 * on each view was most of a custom page's database time, so counts are kept like the data
 * tools' (decision 0053): for TABLE_COUNTS_TTL_MS by what they depend on, emptied by every
 * content-change notice.
 */
import type { Db } from '../../db/client.ts'
import { keptAnswers } from '../kept-answers.ts'
import { idOf } from '../object-ids.ts'
import { TABLE_COUNTS_TTL_MS } from '../tables/engine.ts'

/** Our choice: how many cards' counts are kept (a number each); the least recently used leave first. */
const CARD_COUNTS_MAX = 1_000

const counts = keptAnswers<{ n: number }>({ max: CARD_COUNTS_MAX, ttl: TABLE_COUNTS_TTL_MS })

/** `count()`, kept under `dependsOn` (the card's type and every config value its count reads). */
export async function keptCount(db: Db, dependsOn: unknown[], count: () => Promise<number>): Promise<number> {
	const key = JSON.stringify([idOf(db), ...dependsOn])
	return (await counts.get(key, async () => ({ n: await count() }))).n
}
