/**
 * GET /search: site search (spec 000 §2, §3, §5) with PostgreSQL full-text search over the
 * weighted `search` vectors (GIN indexed) of every searchable kind, in ONE statement that
 * also computes the facets ("aggregations") over the filtered set, each facet ignoring its
 * own filter.
 *
 * Parameters: searchTerm ('' or '*', or a term without lexemes, matches everything),
 * sortBy Relevance|Date, pageNum, pageSize, includeAggregations (default true),
 * publishedFrom / publishedTo (YYYY-MM-DD), and the repeatable filters
 * `filters[Page type]` (route prefixes), `filters[Article type]` (names),
 * `filters[Countries]` (names), `filters[Has sponsor]` (true/false).
 *
 * Article type and Has sponsor are properties of articles: with either filter set only
 * articles match. Countries match articles by their geography tags, companies and
 * utilities by headquarters, projects and events by country, mergers by the target's
 * country and a country's own page. Rows without a date never match a date filter.
 */
import { sql, type SQL } from 'drizzle-orm'
import { Hono } from 'hono'
import { keptAnswers } from './kept-answers.ts'
import { SEARCH_FILTERS } from '../../contract/search-params.ts'
import { SearchQuerySchema, type Aggregation, type SearchHit, type SearchResult } from '../../contract/search.ts'
import type { ViewerAccess } from './access.ts'
import type { ApiEnv, Resource } from './context.ts'
import { itemResponse } from './envelope.ts'
import { entityAccess, entityKind } from './entity-kinds.ts'
import { badRequest } from './errors.ts'
import { MERGER_NAME } from './merger-name.ts'
import { idOf } from './object-ids.ts'
import { DATE_ORDER_WARNING, MAX_PAGE_SIZE } from '../../contract/query.ts'
import { parseQuery, queryValues, totalPagesOf } from './query.ts'
import { truncate } from './content-html.ts'
import { and, dayAfter, dayStart, intArray, iso, textArray } from './sql.ts'
import { TABLE_COUNTS_TTL_MS } from './tables/engine.ts'

const [pageType, articleType, countries, hasSponsor] = SEARCH_FILTERS
export const FACETS = { pageType, articleType, countries, hasSponsor } as const
/** Hit descriptions are cut to this length. */
export const HIT_DESCRIPTION_LENGTH = 300
/**
 * Relevance is ts_rank_cd over a row's title (weight A) and summary (B): its `search_head`.
 * A match found only in the body ranks 0 and follows, newest first. Normalisation: 1 divides
 * by 1 + log(length), so a long summary that repeats a word does not outrank a title that
 * names it; 32 maps the rank into 0..1.
 */
const RANK_NORMALIZATION = 1 | 32

const searchQuery = SearchQuerySchema

/**
 * How a source matches: the condition on its search vector, its rank (by the source's Page
 * type: kinds a page does not show need none), the date filter, and (alerts' digests) which of
 * its rows are read at all, by the source's Page type.
 */
export type Matcher = { where: (vector: SQL) => SQL; rank: (vector: SQL, pageType: string) => SQL; dates: (column: SQL) => SQL; only?: (pageType: string) => SQL }

/**
 * What each kind contributes. `select` gives the lean columns every match carries through
 * filtering, facets and sorting (page_type, id, publication_date, article_type_id,
 * has_sponsor, country_id, rank); `details` gives what a hit shows, for the page's rows only.
 * `e` is the kind's row.
 */
type Source = { pageType: string; table: string; select: (match: Matcher) => SQL; details: (ids: number[]) => SQL }

type SourceOptions = { name?: SQL; description?: SQL; date?: SQL; country?: SQL; levels?: SQL; archived?: SQL; where?: SQL }

/** A kind with a name, a description, an optional date and country, and its own slug. */
function simpleSource(pageType: string, table: string, options: SourceOptions = {}): Source {
	const from = sql.raw(`"${table}"`)
	const date = options.date ?? sql`null::timestamptz`
	return {
		pageType,
		table,
		select: (match) => sql`
			select ${pageType}::text as page_type, e.id, ${date} as publication_date,
				null::int as article_type_id, null::boolean as has_sponsor, ${options.country ?? sql`null::int`} as country_id,
				${match.rank(sql`e.search_head`, pageType)} as rank
			from ${from} e
			where ${and([options.where, match.only?.(pageType), match.where(sql`e.search`), match.dates(date)])}`,
		details: (ids) => sql`
			select ${pageType}::text as page_type, e.id, e.slug, ${options.name ?? sql`e.name`} as name,
				${options.description ?? sql`e.description`} as description, ${date} as publication_date,
				null::text as blog_type, null::text as blog_slug, null::text as type_slug, null::text as type_name,
				${options.levels ?? sql`'{}'::text[]`} as permission_levels, ${options.archived ?? sql`false`} as is_archived
			from ${from} e where e.id = any(${intArray(ids)})`,
	}
}

const ARTICLES: Source = {
	pageType: '/articles',
	table: 'articles',
	select: (match) => sql`
		select '/articles'::text as page_type, e.id, e.publication_date,
			e.article_type_id, (e.sponsor_company_id is not null) as has_sponsor, null::int as country_id,
			${match.rank(sql`e.search_head`, '/articles')} as rank
		from articles e
		where not e.is_draft and ${match.only?.('/articles') ?? sql`true`} and ${match.where(sql`e.search`)} and ${match.dates(sql`e.publication_date`)}`,
	details: (ids) => sql`
		select '/articles'::text as page_type, e.id, e.slug, e.headline as name, e.standfirst as description, e.publication_date,
			bt.name as blog_type, bt.slug as blog_slug, at.slug as type_slug, at.name as type_name, e.permission_levels, false as is_archived
		from articles e join article_types at on at.id = e.article_type_id left join blog_types bt on bt.id = e.blog_type_id
		where e.id = any(${intArray(ids)})`,
}

/** Every searchable kind; the route prefix is the Page type value and the URL base. */
const SOURCES: Source[] = [
	ARTICLES,
	simpleSource('/pages', 'pages', { date: sql`e.publication_date`, levels: sql`e.permission_levels` }),
	simpleSource('/companies', 'companies', { country: sql`e.headquarters_country_id` }),
	simpleSource('/utilities', 'utilities', { country: sql`e.headquarters_country_id` }),
	simpleSource('/projects', 'projects', { date: sql`e.date_last_modified`, country: sql`e.country_id`, archived: sql`e.is_archived` }),
	simpleSource('/events', 'events', { date: sql`e.start_date`, country: sql`e.country_id` }),
	simpleSource('/authors', 'authors'),
	simpleSource('/geographies', 'geographies', { country: sql`case when e.is_region then null else e.id end` }),
	simpleSource('/industries', 'industries'),
	simpleSource('/technologies', 'technologies'),
	simpleSource('/topics', 'topics'),
	simpleSource('/mergers', 'mergers', { name: MERGER_NAME, date: sql`e.announced_date::timestamptz`, country: sql`e.target_country_id` }),
	simpleSource('/contexts', 'contexts', { name: sql`coalesce(e.display_name, e.name)`, description: sql`e.html_description`, date: sql`e.publication_date`, levels: sql`e.permission_levels` }),
	simpleSource('/documents', 'documents', { date: sql`e.publication_date`, levels: sql`e.permission_levels`, where: sql`not e.is_draft` }),
]

/** The Published from / to filter on a source's date column. */
export const publishedDates = (publishedFrom: string | undefined, publishedTo: string | undefined) => (column: SQL) =>
	and([publishedFrom && sql`${column} >= ${dayStart(publishedFrom)}::timestamptz`, publishedTo && sql`${column} < ${dayAfter(publishedTo)}::timestamptz`])

/** A search's facet filters, as GET /search reads them. */
export type SearchFacets = { pageTypes: string[]; articleTypes: string[]; countries: string[]; sponsorValues: boolean[] }

/**
 * The sources a search reads and each facet filter's condition on one of its matches (a row of
 * searchUnion). With aggregations every source is read (each facet counts the others' matches);
 * without, only the requested page types. Shared by GET /search and the site search alerts' digests.
 */
export function searchMatches({ pageTypes, articleTypes, countries, sponsorValues }: SearchFacets, { includeAggregations }: { includeAggregations: boolean }) {
	// Only articles can satisfy Article type / Has sponsor, and without facets only the
	// requested page types are needed: skip the kinds that cannot contribute.
	const articlesOnly = articleTypes.length > 0 || sponsorValues.length > 0
	const sources = SOURCES.filter(
		(source) => (!articlesOnly || source === ARTICLES) && (includeAggregations || pageTypes.length === 0 || pageTypes.includes(source.pageType)),
	)

	// Country names → geography ids once; articles match by their tags, others by their country.
	const countryIds = sql`array(select id from geographies where name = any(${textArray(countries)}) and not is_region)`
	const matches = {
		pageType: pageTypes.length ? sql`page_type = any(${textArray(pageTypes)})` : sql`true`,
		articleType: articleTypes.length
			? sql`coalesce(article_type_id = any(array(select id from article_types where name = any(${textArray(articleTypes)}))), false)`
			: sql`true`,
		countries: countries.length
			? sql`case when page_type = '/articles'
					then id in (select article_id from article_geographies where geography_id = any(${countryIds}))
					else coalesce(country_id = any(${countryIds}), false) end`
			: sql`true`,
		hasSponsor: sponsorValues.length ? sql`coalesce(has_sponsor = any(${sql.param(sponsorValues)}::boolean[]), false)` : sql`true`,
	}
	return { sources, matches }
}

/** Every match of the sources (lean columns: page_type, id, publication_date, article_type_id, has_sponsor, country_id, rank). */
export const searchUnion = (sources: readonly { select: (match: Matcher) => SQL }[], match: Matcher) =>
	sql.join(
		sources.map((source) => source.select(match)),
		sql` union all `,
	)

/** A match passes every filter (the flags named after searchMatches' conditions). */
const ALL_FILTERS = sql`m_page_type and m_article_type and m_countries and m_has_sponsor`

type HitRow = {
	page_type: string
	id: number
	slug: string
	name: string
	description: string | null
	publication_date: string | null
	blog_type: string | null
	blog_slug: string | null
	type_slug: string | null
	type_name: string | null
	permission_levels: string[]
	is_archived: boolean
}

/** What /search needs to decide a reader's access to an item: a hit, or a site search alert's row. */
export type SearchGate = { pageType: string; id: number; permissionLevels: readonly string[]; typeSlug: string | null; publicationDate: string | null }

/**
 * Whether the reader may open each item, as /search says `hasAccess`: articles by the article
 * rules, entities by their kind's, pages by their levels.
 */
export async function mayOpenItems(access: ViewerAccess, items: readonly SearchGate[]): Promise<boolean[]> {
	const articles = items.filter((item) => item.pageType === '/articles')
	const decided = await access.articles(
		articles.map((item) => ({ id: item.id, permissionLevels: item.permissionLevels, articleTypeSlug: item.typeSlug ?? '', publicationDate: item.publicationDate ?? new Date(0) })),
	)
	const articleAccess = new Map(articles.map((item, index) => [item.id, decided[index]!.hasAccess]))
	return items.map((item) => {
		if (item.pageType === '/articles') return articleAccess.get(item.id) ?? false
		const kind = entityKind(item.pageType.slice(1))
		return kind ? entityAccess(kind, access, item.permissionLevels, item.publicationDate) : access.hasAny(item.permissionLevels)
	})
}

/** One row per facet value (grouping sets), with the count each facet needs. */
type FacetRow = {
	grouping: number
	page_type: string | null
	article_type: string | null
	has_sponsor: boolean | null
	n_page_type: number
	n_article_type: number
	n_has_sponsor: number
	n_total: number
}

/** value → count, most first (then by value). */
function facetItems(entries: [string, number][]): Record<string, number> {
	return Object.fromEntries(entries.filter(([, n]) => n > 0).sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0)))
}

type HitKey = { page_type: string; id: number }
/**
 * What a search counts and its first hits in order, whatever page is asked: the same for every
 * reader, so kept (access is applied to the hits afterwards). Ranking reads every match, so
 * ranking once for the first pages serves each of them.
 */
type SearchAnswer = { facetRows: FacetRow[]; countryRows: { name: string; n: number }[]; first: HitKey[] }

/**
 * Our choice: how many of a search's first hits are kept in order, each page of them then
 * taken from the kept list: five pages at the largest page size. A page beyond them is read
 * on its own.
 */
export const SEARCH_KEPT_HITS = 5 * MAX_PAGE_SIZE

/**
 * Our choice: the bound of the kept search answers, in characters of their keys and answers as
 * JSON (some tens of MB in memory), least recently used out first. Like the table engine's
 * answers (decision 0046) they are kept for TABLE_COUNTS_TTL_MS, emptied by every
 * content-change notice, and concurrent readers of one query share one count.
 */
export const SEARCH_ANSWERS_MAX_CHARS = 8_000_000

const searchAnswers = keptAnswers<SearchAnswer>({
	maxSize: SEARCH_ANSWERS_MAX_CHARS,
	sizeCalculation: (answer, key) => key.length + JSON.stringify(answer).length,
	ttl: TABLE_COUNTS_TTL_MS,
})

export const search: Resource = ({ db }) => {
	async function hasNoLexemes(term: string) {
		const { rows } = await db.execute<{ n: number }>(sql`select numnode(websearch_to_tsquery('english', ${term}))::int as n`)
		return rows[0].n === 0
	}

	/**
	 * A statement over the matches, planned without sequential scans where an index serves.
	 * Testing `@@` on a row reads its vector out of TOAST, a cost the planner does not count:
	 * for a term in most articles ("water", "market") it chose to read every article and test
	 * its vector (190 ms at scale 10) over the GIN index's bitmap, which needs no vector (36 ms).
	 */
	function overTheIndexes<T extends Record<string, unknown>>(statement: SQL) {
		return db.transaction(async (tx) => {
			await tx.execute(sql`set local enable_seqscan = off`)
			return tx.execute<T>(statement)
		})
	}

	/** Slug, description and access columns of the page's hits, in the page's order. */
	async function hitDetails(page: { page_type: string; id: number }[]): Promise<HitRow[]> {
		if (page.length === 0) return []
		const wanted = SOURCES.filter((source) => page.some((hit) => hit.page_type === source.pageType))
		const { rows } = await db.execute<HitRow & Record<string, unknown>>(
			sql.join(
				wanted.map((source) => source.details(page.filter((hit) => hit.page_type === source.pageType).map((hit) => hit.id))),
				sql` union all `,
			),
		)
		const byKey = new Map(rows.map((row) => [`${row.page_type}:${row.id}`, row]))
		return page.map((hit) => byKey.get(`${hit.page_type}:${hit.id}`)).filter((row): row is HitRow & Record<string, unknown> => row !== undefined)
	}

	return new Hono<ApiEnv>().get('/', async (c) => {
		const query = parseQuery(c, searchQuery)
		const pageTypes = queryValues(c, `filters[${FACETS.pageType}]`)
		const articleTypes = queryValues(c, `filters[${FACETS.articleType}]`)
		const countries = queryValues(c, `filters[${FACETS.countries}]`)
		const sponsorValues = queryValues(c, `filters[${FACETS.hasSponsor}]`).map((value) => {
			if (!/^(true|false)$/i.test(value)) throw badRequest(`filters[${FACETS.hasSponsor}] must be true or false`)
			return /^true$/i.test(value)
		})
		const { pageNum, pageSize, sortBy, publishedFrom, publishedTo, includeAggregations } = query

		// Spec 000 §5: a 'from' date later than the 'to' date displays no results, with a warning.
		if (publishedFrom && publishedTo && publishedFrom > publishedTo) {
			const empty: SearchResult = { searchHits: [], totalHits: 0, totalPages: 0, aggregations: [] }
			return itemResponse(c, empty, [DATE_ORDER_WARNING])
		}

		/** The search's statement parts: its matches, the counts over them, and its hits in order. */
		async function searchStatement() {
			// '' and '*' match everything; so does a term of stop words only ("the", "and").
			const term = query.searchTerm === '*' ? '' : query.searchTerm
			const matchAll = term === '' || (await hasNoLexemes(term))
			// The tsquery is inlined in every source (a constant, so each GIN index is used).
			const tsquery = sql`websearch_to_tsquery('english', ${term})`
			const match: Matcher = {
				where: (vector) => (matchAll ? sql`true` : sql`${vector} @@ ${tsquery}`),
				// The kinds a Page type filter leaves off the page are read for the counts alone.
				rank: (vector, pageType) =>
					matchAll || (pageTypes.length > 0 && !pageTypes.includes(pageType)) ? sql`0::real` : sql`ts_rank_cd(${vector}, ${tsquery}, ${RANK_NORMALIZATION})`,
				dates: publishedDates(publishedFrom, publishedTo),
			}

			const { sources, matches } = searchMatches({ pageTypes, articleTypes, countries, sponsorValues }, { includeAggregations })
			// Every match with its filter flags and its rank, read ONCE per request (one GIN and heap
			// pass; at ten times the data three passes in parallel cost three times the CPU of two
			// shared cores) and kept for the page, the counts and the countries. The rank reads only
			// the row's title-and-summary vector (schema siteSearchColumns).
			const union = searchUnion(sources, match)
			const all = ALL_FILTERS
			const matched = sql`
				matches as materialized (
					select hits.*,
						${matches.pageType} as m_page_type, ${matches.articleType} as m_article_type,
						${matches.countries} as m_countries, ${matches.hasSponsor} as m_has_sponsor
					from (${union}) hits
				)`
			const order =
				sortBy === 'Date'
					? sql`publication_date desc nulls last, rank desc, page_type, id desc`
					: sql`rank desc, publication_date desc nulls last, page_type, id desc`
			const hitsFrom = (offset: number, limit: number) => sql`
				select coalesce(json_agg(json_build_object('page_type', page_type, 'id', id) order by ${order}), '[]')
				from (select page_type, id, publication_date, rank from matches where ${all} order by ${order} limit ${limit} offset ${offset}) p`

			// The total and three facets in one pass (grouping sets); each facet counts the
			// matches of every OTHER filter. grouping(): 3 = by page type, 5 = by article type,
			// 6 = by sponsor, 7 = everything.
			const facets = sql`
				select coalesce(json_agg(x), '[]') from (
					select x.grouping, x.page_type, t.name as article_type, x.has_sponsor, x.n_page_type, x.n_article_type, x.n_has_sponsor, x.n_total
					from (
						select ${includeAggregations ? sql`grouping(page_type, article_type_id, has_sponsor)::int` : sql`7`} as grouping,
							${includeAggregations ? sql`page_type, article_type_id, has_sponsor` : sql`null::text as page_type, null::int as article_type_id, null::boolean as has_sponsor`},
							count(*) filter (where m_article_type and m_countries and m_has_sponsor)::int as n_page_type,
							count(*) filter (where m_page_type and m_countries and m_has_sponsor)::int as n_article_type,
							count(*) filter (where m_page_type and m_article_type and m_countries)::int as n_has_sponsor,
							count(*) filter (where ${all})::int as n_total
						from matches
						group by grouping sets ${includeAggregations ? sql`((page_type), (article_type_id), (has_sponsor), ())` : sql`(())`}
					) x left join article_types t on t.id = x.article_type_id
				) x`
			// Countries: articles count once per tagged country, other kinds by their country. The
			// matching articles' tags are read in one walk of the tags' index (`= any(array(…))`:
			// PostgreSQL sorts the ids); joined to the matches, each was looked up on its own (a
			// nested loop: the planner cannot estimate how many matches pass the flags), twice the
			// time at 25,000 matches.
			const countryCounts = includeAggregations
				? sql`
					select coalesce(json_agg(c), '[]') from (
						select g.name, count(*)::int as n from (
							select ag.geography_id as country_id from article_geographies ag
							where ag.article_id = any(array(
								select id from matches where page_type = '/articles' and m_page_type and m_article_type and m_has_sponsor
							))
							union all
							select country_id from matches where page_type <> '/articles' and country_id is not null and m_page_type and m_article_type and m_has_sponsor
						) c join geographies g on g.id = c.country_id and not g.is_region
						group by g.name
					) c`
				: sql`'[]'::json`

			return { matched, facets, countryCounts, hitsFrom }
		}

		/** The counts and the first hits' keys: the same for every reader (access is applied to the hits below). */
		async function countMatches(): Promise<SearchAnswer> {
			const { matched, facets, countryCounts, hitsFrom } = await searchStatement()
			const { rows } = await overTheIndexes<{ facets: FacetRow[]; countries: { name: string; n: number }[]; first: HitKey[] }>(
				sql`with ${matched} select (${facets}) as facets, (${countryCounts}) as countries, (${hitsFrom(0, SEARCH_KEPT_HITS)}) as first`,
			)
			return { facetRows: rows[0].facets, countryRows: rows[0].countries, first: rows[0].first }
		}

		/** The keys of a page past the kept first hits, read on its own: nothing is counted. */
		async function hitsPast(offset: number, limit: number): Promise<HitKey[]> {
			const { matched, hitsFrom } = await searchStatement()
			const { rows } = await overTheIndexes<{ hits: HitKey[] }>(sql`with ${matched} select (${hitsFrom(offset, limit)}) as hits`)
			return rows[0].hits
		}
		const key = `${idOf(db)} ${JSON.stringify({ term: query.searchTerm, pageTypes, articleTypes, countries, sponsorValues, sortBy, publishedFrom, publishedTo, includeAggregations })}`
		// An answer larger than the whole bound cannot be kept: the cache gives nothing back, so count directly.
		const { facetRows, countryRows, first } = await searchAnswers.get(key, countMatches)
		const totalHits = facetRows.find((row) => row.grouping === 7)?.n_total ?? 0
		const totalPages = totalPagesOf(totalHits, pageSize)
		// A page beyond the last is the last page.
		const offset = (Math.min(pageNum, Math.max(totalPages, 1)) - 1) * pageSize
		const pageKeys =
			offset + pageSize <= first.length || first.length === totalHits
				? first.slice(offset, offset + pageSize)
				: await hitsPast(offset, pageSize)
		const hits = await hitDetails(pageKeys)

		const mayOpen = await mayOpenItems(
			c.get('access'),
			hits.map((hit) => ({ pageType: hit.page_type, id: hit.id, permissionLevels: hit.permission_levels, typeSlug: hit.type_slug, publicationDate: hit.publication_date })),
		)
		const searchHits: SearchHit[] = hits.map((hit, index) => {
			const hasAccess = mayOpen[index]!
			const kind = entityKind(hit.page_type.slice(1))
			return {
				name: hit.name,
				// Some kinds' descriptions are paid content (a project's).
				description: !hasAccess && kind?.hideDescriptionWithoutAccess ? null : truncate(hit.description, HIT_DESCRIPTION_LENGTH),
				fullUrl: `${hit.page_type}/${hit.slug}`,
				pageTypeUrl: hit.page_type,
				blogType: hit.blog_type,
				blogUrl: hit.blog_slug ? `/blogs/${hit.blog_slug}` : null,
				publicationDate: iso(hit.publication_date),
				hasAccess,
				projectIsArchived: hit.is_archived,
				articleType: hit.type_name,
			}
		})
		const aggregations: Aggregation[] = includeAggregations
			? [
					{ name: FACETS.pageType, items: facetItems(facetRows.filter((row) => row.grouping === 3).map((row) => [row.page_type!, row.n_page_type])) },
					{
						name: FACETS.articleType,
						items: facetItems(facetRows.filter((row) => row.grouping === 5 && row.article_type !== null).map((row) => [row.article_type!, row.n_article_type])),
					},
					{ name: FACETS.countries, items: facetItems(countryRows.map((row) => [row.name, row.n])) },
					{
						name: FACETS.hasSponsor,
						items: facetItems(facetRows.filter((row) => row.grouping === 6 && row.has_sponsor !== null).map((row) => [String(row.has_sponsor), row.n_has_sponsor])),
					},
				]
			: []
		const result: SearchResult = { searchHits, totalHits, totalPages, aggregations }
		return itemResponse(c, result)
	})
}
