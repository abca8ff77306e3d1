/**
 * What a site search alert reads: the items of /search that have a date to say they are new or
 * updated, matched against the saved query by GET /search's own conditions (searchMatches),
 * and the member's access to each decided at send time as /search decides its `hasAccess`.
 * Kinds without such a date (authors, geographies, subjects, events) are never reported.
 */
import { sql, type SQL } from 'drizzle-orm'
import { ALERT_MAX_ROWS } from '../../contract/alerts.ts'
import { defaultSearchQuery } from '../../contract/search-params.ts'
import { parseSearchParams } from '../../contract/search-params-schema.ts'
import { ViewerAccess } from '../api/access.ts'
import { MERGER_NAME } from '../api/merger-name.ts'
import { mayOpenItems, publishedDates, searchMatches, searchUnion, type Matcher, type SearchGate } from '../api/search.ts'
import type { Db } from '../db/client.ts'
import { loadUserClaims } from '../identity/claims.ts'

type Item = { pageType: string; table: string; name?: SQL; added: SQL; updated: SQL; country?: SQL; levels?: SQL; date?: SQL; typeSlug?: SQL; join?: SQL; where?: SQL }

/** The kinds a digest reports, with the dates that say what moved (their search date is /search's). */
const ITEMS: Item[] = [
	{
		pageType: '/articles',
		table: 'articles',
		name: sql`e.headline`,
		added: sql`e.publication_date`,
		updated: sql`e.publication_date`,
		levels: sql`e.permission_levels`,
		date: sql`e.publication_date`,
		typeSlug: sql`t.slug`,
		join: sql`join article_types t on t.id = e.article_type_id`,
		where: sql`not e.is_draft`,
	},
	{ pageType: '/pages', table: 'pages', added: sql`e.publication_date`, updated: sql`e.publication_date`, levels: sql`e.permission_levels`, date: sql`e.publication_date` },
	{ pageType: '/companies', table: 'companies', added: sql`e.date_added`, updated: sql`e.last_modified_date`, country: sql`e.headquarters_country_id` },
	{ pageType: '/utilities', table: 'utilities', added: sql`e.date_added`, updated: sql`e.last_modified_date`, country: sql`e.headquarters_country_id` },
	{ pageType: '/projects', table: 'projects', added: sql`e.date_added`, updated: sql`e.date_last_modified`, country: sql`e.country_id`, date: sql`e.date_last_modified` },
	{ pageType: '/mergers', table: 'mergers', name: MERGER_NAME, added: sql`e.date_added`, updated: sql`e.date_last_modified`, country: sql`e.target_country_id`, date: sql`e.announced_date::timestamptz` },
	{
		pageType: '/contexts',
		table: 'contexts',
		name: sql`coalesce(e.display_name, e.name)`,
		added: sql`e.publication_date`,
		updated: sql`e.publication_date`,
		levels: sql`e.permission_levels`,
		date: sql`e.publication_date`,
	},
	{
		pageType: '/documents',
		table: 'documents',
		added: sql`e.publication_date`,
		updated: sql`e.publication_date`,
		levels: sql`e.permission_levels`,
		date: sql`e.publication_date`,
		where: sql`not e.is_draft`,
	},
]

/**
 * The `items` of a digest statement: every reported kind's rows added or updated after `after`
 * (an SQL timestamptz), keyed `page type:id`, with the columns a digest row shows and /search's access needs.
 */
export function changedItems(after: SQL) {
	return sql.join(
		ITEMS.map(
			(item) => sql`
				select ${item.pageType}::text as page_type, e.id as item_id, ${item.pageType}::text || ':' || e.id as id, ${item.pageType}::text || '/' || e.slug as slug,
					${item.name ?? sql`e.name`} as name, g.name as country, ${item.added} as date_added, ${item.updated} as date_last_modified,
					${item.levels ?? sql`'{}'::text[]`} as permission_levels, ${item.typeSlug ?? sql`null::text`} as type_slug, ${item.date ?? sql`null::timestamptz`} as publication_date
				from ${sql.raw(`"${item.table}"`)} e ${item.join ?? sql``} left join geographies g on g.id = ${item.country ?? sql`null::int`} and not g.is_region
				where ${item.where ?? sql`true`} and (${item.added} > ${after} or ${item.updated} > ${after})`,
		),
		sql` union all `,
	)
}

/** The saved address's query: bare /search is the page's default query (articles, by relevance). */
function searchOf(url: string, now: Date) {
	const params = new URL(url, 'http://site').searchParams
	return parseSearchParams(params.size ? params : defaultSearchQuery(), now)
}

/**
 * A saved site search as a digest matches it: what decides its rows (alerts that agree share
 * one match) and its arm of the statement, `select q, id` of the `items` rows the query finds.
 */
export function parseSiteSearch(url: string, now: Date): { key: string; arm: (q: number) => SQL } {
	const search = searchOf(url, now)
	const facets = {
		pageTypes: search.filters['Page type'],
		articleTypes: search.filters['Article type'],
		countries: search.filters.Countries,
		// GET /search refuses anything else; a saved address with it matches as if it were not there.
		sponsorValues: search.filters['Has sponsor'].filter((value) => /^(true|false)$/i.test(value)).map((value) => /^true$/i.test(value)),
	}
	const term = search.searchTerm === '*' ? '' : search.searchTerm
	const from = search.publishedFrom.value || undefined
	const to = search.publishedTo.value || undefined
	const key = JSON.stringify({ term, facets, from, to })
	const tsquery = sql`websearch_to_tsquery('english', ${term})`
	const match: Matcher = {
		// As GET /search: a term of stop words only ("the") matches everything.
		where: (vector) => (term === '' ? sql`true` : sql`(numnode(${tsquery}) = 0 or ${vector} @@ ${tsquery})`),
		rank: () => sql`0::real`,
		dates: publishedDates(from, to),
		only: (pageType) => sql`e.id = any(array(select i.item_id from items i where i.page_type = ${pageType}))`,
	}
	const { sources, matches } = searchMatches(facets, { includeAggregations: false })
	// Spec 000 §5: a 'from' date later than the 'to' date finds nothing; nor does an address the page refuses (a NUL, which PostgreSQL's text cannot hold).
	const refused = [term, ...Object.values(search.filters).flat()].some((value) => value.includes('\u0000'))
	const nothing = refused || Boolean(from && to && from > to) || sources.length === 0
	return {
		key,
		arm: (q) =>
			nothing
				? sql`select ${q}::int as q, null::text as id where false`
				: sql`select ${q}::int as q, hits.page_type || ':' || hits.id as id from (${searchUnion(sources, match)}) hits
					where ${matches.pageType} and ${matches.articleType} and ${matches.countries} and ${matches.hasSponsor}`,
	}
}

/**
 * Of a site search digest's rows (read for anyone), those the member may open now, as /search
 * decides `hasAccess`: articles by the article rules, other kinds by their entity kind's, pages
 * by their levels. The first ALERT_MAX_ROWS are sent; the rest are counted. `rows` are all of
 * the digest's (none left uncounted beyond them).
 */
export async function rowsMemberMayOpen<R extends { gate?: SearchGate }>(db: Db, userId: number, rows: readonly R[], now: Date): Promise<{ rows: R[]; more: number }> {
	const claims = await loadUserClaims(db, userId, now)
	if (!claims) return { rows: [], more: 0 }
	const access = new ViewerAccess(db, { sub: claims.sub, email: claims.email, userId, permissions: claims.permissions, datedRoles: claims.datedRoles }, now)
	const mayOpen = await mayOpenItems(access, rows.map((row) => row.gate!))
	const open = rows.filter((_row, index) => mayOpen[index])
	return { rows: open.slice(0, ALERT_MAX_ROWS), more: Math.max(0, open.length - ALERT_MAX_ROWS) }
}
