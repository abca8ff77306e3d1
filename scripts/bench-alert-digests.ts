/**
 * The alert digests' row of `npm run bench` (run by scripts/bench.ts on the bench's database, or
 * alone: BENCH_ALERTS=only npm run bench): BENCH_ALERT_COUNT alerts (10,000) on as many saved
 * searches (seven in ten of the Project Tracker, the rest of the companies, utilities and
 * mergers indexes by country), varied (countries, categories, progress, cost floors, terms: about
 * 2,000 distinct at 10,000), due since one to seven days, and the time to compute all their
 * digests the way the job queue does (computeDigests: a few statements per kind, not a query per
 * alert). Everything
 * it adds is rolled back at the end: the bench's database is left as it was.
 */
import { sql } from 'drizzle-orm'
import { computeDigests } from '../backend/alerts/send.ts'
import { MAINTENANCE_TIMEOUTS, type Db } from '../backend/db/client.ts'
import { openDatabase } from '../backend/db/database.ts'
import { DIGEST_QUERIES_PER_STATEMENT } from '../backend/alerts/digest.ts'

const COUNT = Number(process.env.BENCH_ALERT_COUNT ?? 10_000)
const MEMBERS = 100
if (!Number.isInteger(COUNT) || COUNT <= 0) throw new Error(`BENCH_ALERT_COUNT must be a positive whole number, got ${process.env.BENCH_ALERT_COUNT}`)

/** Per tenth of the searches, an index's search by country (the others are the tracker's). */
const INDEX_SEARCHES: Record<number, { path: string; filter: string }> = {
	7: { path: '/companies', filter: 'filters[Headquarters Country]' },
	8: { path: '/utilities', filter: 'filters[Headquarters Country]' },
	9: { path: '/mergers', filter: 'filters[Target country]' },
}
/** A saved search's kind, from its address. */
const kindOf = (url: string) => (url.startsWith('/projecttracker') ? 'projects' : url.slice(1, url.indexOf('?')))

/** Thrown to roll the transaction back once measured. */
class Measured extends Error {}

/** COUNT tracker searches, varied: each a combination of a country, a category, a progress, a cost floor and a term. */
async function searches(db: Db): Promise<string[]> {
	const { rows: countries } = await db.execute<{ name: string }>(sql`select g.name from projects e join geographies g on g.id = e.country_id group by g.name order by count(*) desc limit 40`)
	const { rows: categories } = await db.execute<{ name: string }>(sql`select distinct unnest(project_types) as name from projects order by 1`)
	const { rows: progresses } = await db.execute<{ name: string }>(sql`select distinct progress as name from projects order by 1`)
	const terms = ['', 'desalination', 'wastewater', 'reuse', 'membrane', 'pipeline']
	const urls: string[] = []
	for (let i = 0; urls.length < COUNT; i++) {
		const params = new URLSearchParams()
		const country = countries[i % countries.length]!.name
		// Three in ten are the indexes' searches: each kind is computed with its own statements.
		const index = INDEX_SEARCHES[i % 10]
		if (index) {
			urls.push(`${index.path}?${new URLSearchParams({ [index.filter]: country })}`)
			continue
		}
		params.append('filters[Countries]', country)
		if (i % 3 !== 0) params.append('filters[Project category]', categories[(i >> 2) % categories.length]!.name)
		if (i % 4 === 1) params.append('filters[Progress]', progresses[(i >> 3) % progresses.length]!.name)
		if (i % 5 === 2) params.append('filters[Minimum cost]', String(i % 97))
		const term = terms[(i >> 1) % terms.length]!
		if (term) params.set('searchTerm', term)
		urls.push(`/projecttracker?${params}`)
	}
	return urls
}

async function main() {
	const database = await openDatabase({ timeouts: MAINTENANCE_TIMEOUTS, log: () => undefined })
	try {
		await database.db
			.transaction(async (tx) => {
				const db = tx as unknown as Db
				const urls = await searches(db)
				const { rows: members } = await db.execute<{ id: number }>(sql`
					insert into users (email, subject, first_name)
					select 'bench-alerts-' || n || '@example.com', 'bench|alerts-' || n, 'Bench' from generate_series(1, ${MEMBERS}) n returning id`)
				const userIds = members.map((member) => member.id)
				await db.execute(sql`
					with s as (
						insert into saved_searches (user_id, kind, name, url)
						select (${sql.param(userIds)}::int[])[1 + (n - 1) % ${MEMBERS}], k, 'Bench search ' || n, u
						from unnest(${sql.param(urls)}::text[], ${sql.param(urls.map(kindOf))}::text[]) with ordinality as t(u, k, n)
						returning id, user_id)
					insert into alerts (saved_search_id, user_id, frequency, since)
					select id, user_id, case when id % 2 = 0 then 'daily' else 'weekly' end,
						now() - make_interval(days => case when id % 2 = 0 then 1 else 7 end) - interval '1 hour' * (id % 24)
					from s`)
				const { rows: ids } = await db.execute<{ id: number }>(sql`select id from alerts where user_id = any(${sql.param(userIds)}::int[]) order by id`)
				const distinct = new Set(urls).size
				const started = performance.now()
				const digests = await computeDigests(
					db,
					ids.map((row) => row.id),
				)
				const seconds = (performance.now() - started) / 1000
				const reporting = [...digests.values()].filter((computed) => computed.digest.rows.length > 0).length
				console.log('\n### Alert digests (computed together, as the job queue does)\n')
				console.log('| alerts | distinct searches | statements (at most) | with something to report | seconds |')
				console.log('|---|---|---|---|---|')
				const kinds = new Set(urls.map(kindOf)).size
				console.log(`| ${digests.size} | ${distinct} | ${kinds + Math.ceil(distinct / DIGEST_QUERIES_PER_STATEMENT)} | ${reporting} | ${seconds.toFixed(1)} |`)
				throw new Measured()
			})
			.catch((error) => {
				if (!(error instanceof Measured)) throw error
			})
	} finally {
		await database.close()
	}
}

main().catch((error) => {
	console.error(error)
	process.exit(1)
})
