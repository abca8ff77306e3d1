/**
 * The seed generator: volumes, reference data, demo accounts and determinism.
 * Volume checks use this file's copy of the seeded template; date-sensitive checks and the
 * determinism check use databases seeded here with a fixed `now`.
 */
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { connect, MAINTENANCE_TIMEOUTS, type Db } from '../backend/db/client.ts'
import { runMigrations } from '../backend/db/migrate.ts'
import { textArray } from '../backend/api/sql.ts'
import { verifyPassword, hashPassword } from '../backend/identity/password.ts'
import { ROLE_PERMISSIONS } from '../backend/identity/roles.ts'
import { DEMO_ACCOUNTS, DEMO_DRAFT, DEMO_DRAFT_DOCUMENT, DEMO_ORGANISATION } from '../backend/seed/demo-accounts.ts'
import { refreshDemoAccounts, seed } from '../backend/seed/index.ts'
import { DEMO_OPPORTUNITY_DRAFT } from '../backend/seed/opportunities.ts'
import { MARKETING_FIGURES } from '../contract/commerce.ts'
import { useTestDatabase } from './support/database.ts'
import { uniqueDatabaseName } from './support/test-cluster.ts'

const database = useTestDatabase()

const DAY = 86_400_000
/** A fixed seed moment (mid-day) and another moment of the same UTC day. */
const NOW = new Date('2026-03-15T10:20:00Z')
const SAME_DAY = new Date('2026-03-15T23:05:00Z')
const TODAY = Date.UTC(2026, 2, 15)

async function rows<T>(db: Db, query: ReturnType<typeof sql>) {
	return (await db.execute(query)).rows as T[]
}
async function count(db: Db, table: string, where = 'true') {
	const from = /^\w+$/.test(table) ? `"${table}"` : table
	const [row] = await rows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${from} where ${where}`))
	return row.n
}

async function admin(statement: string) {
	const client = new pg.Client({ connectionString: inject('adminDatabaseUrl') })
	await client.connect()
	try {
		await client.query(statement)
	} finally {
		await client.end()
	}
}

/** Scale of the databases seeded here (a quarter of the volumes keeps the file quick). */
const SCALE = 0.25

/** A fresh migrated database seeded with `now`; dropped after the file. */
async function seededDatabase(now: Date): Promise<{ db: Db; name: string }> {
	const name = uniqueDatabaseName('seed')
	await admin(`create database ${name}`)
	const db = connect(inject('adminDatabaseUrl').replace(/\/postgres$/, `/${name}`), { max: 4, timeouts: MAINTENANCE_TIMEOUTS })
	await runMigrations(db)
	await seed(db, { now, scale: SCALE })
	return { db, name }
}

describe('planner statistics', () => {
	test('a seeded database has them at once, so the data tools are planned for their real volumes', async () => {
		const { rows } = await database.db.execute<{ tablename: string }>(
			sql`select distinct tablename from pg_stats where schemaname = 'public' and tablename = any(${textArray(['forecast_facts', 'projects', 'articles', 'companies'])}) order by tablename`,
		)
		expect(rows.map((row) => row.tablename)).toEqual(['articles', 'companies', 'forecast_facts', 'projects'])
	})

	test('and its pages marked all-visible, so an index that holds every column a tool reads answers without the rows', async () => {
		const { rows } = await database.db.execute<{ relname: string; relpages: number; relallvisible: number }>(
			sql`select relname, relpages, relallvisible from pg_class where relkind = 'r' and relname = any(${textArray(['articles', 'companies', 'projects', 'utilities', 'mergers'])}) order by relname`,
		)
		expect(rows.map((row) => row.relname)).toEqual(['articles', 'companies', 'mergers', 'projects', 'utilities'])
		for (const row of rows) expect({ table: row.relname, visible: row.relallvisible >= row.relpages * 0.9 }).toEqual({ table: row.relname, visible: true })
	})
})

describe('volumes (seeded template)', () => {
	test('every area meets its minimum', async () => {
		const db = database.db
		const minimums: [string, number, string?][] = [
			['geographies', 195, 'not is_region'],
			['industries', 15],
			['technologies', 12],
			['technology_types', 140],
			['topics', 15],
			['applications', 10],
			['industrial_subsectors', 15],
			['blog_types', 5],
			['authors', 40],
			['companies', 3220],
			['company_indicators', 400 * 4 * 5],
			['utilities', 1000],
			['mergers', 800],
			['projects', 1300],
			['project_history', 1300],
			['project_contacts', 1300],
			['events', 200],
			['articles', 5000],
			['newsletters', 150],
			['newsletter_components', 600],
			['contexts', 30],
			['forecast_definitions', 35],
			['adverts', 6],
			['pages', 8],
		]
		for (const [table, min, where] of minimums) expect(await count(db, table, where), table).toBeGreaterThanOrEqual(min)
		for (const type of ['whitepaper', 'tariffsurvey', 'idra-handbook', 'cto', 'magazine', 'marketreport', 'newsletter'])
			expect(await count(db, 'documents', `document_type = '${type}'`), type).toBeGreaterThanOrEqual(100)
		expect(await count(db, 'forecast_facts')).toBeLessThanOrEqual(300_000)
	})

	test('company legacy ids are unique within 7900..27600 and ~400 companies have indicators', async () => {
		const [r] = await rows<{ min: number; max: number; n: number; distinct: number; withIndicators: number }>(
			database.db,
			sql`select min(legacy_id) as min, max(legacy_id) as max, count(legacy_id)::int as n, count(distinct legacy_id)::int as distinct,
				(select count(distinct company_id)::int from company_indicators) as "withIndicators" from companies`,
		)
		expect(r.min).toBeGreaterThanOrEqual(7900)
		expect(r.max).toBeLessThanOrEqual(27600)
		expect(r.distinct).toBe(r.n)
		expect(r.withIndicators).toBeGreaterThanOrEqual(350)
		expect(await count(database.db, 'companies', 'is_partner')).toBe(20)
	})
})

describe('reference data (seeded template)', () => {
	test('exactly 24 article types, including the named ones', async () => {
		const types = await rows<{ slug: string; name: string }>(database.db, sql`select slug, name from article_types`)
		expect(types).toHaveLength(24)
		const names = types.map((t) => t.name)
		for (const name of ['Market Map', 'Comment', 'Tariff Survey', 'News', 'Analysis', 'Interview', 'Live update', 'Quarterly Review', 'Deal', 'Blog'])
			expect(names).toContain(name)
		expect(types.find((t) => t.name === 'Market Map')!.slug).toBe('market-map')
		// Every type has articles.
		const [{ n }] = await rows<{ n: number }>(database.db, sql`select count(distinct article_type_id)::int as n from articles`)
		expect(n).toBe(24)
	})

	test('the five regions each hold countries, and every country has a region', async () => {
		const regions = await rows<{ slug: string; name: string; countries: number }>(
			database.db,
			sql`select r.slug, r.name, count(c.id)::int as countries from geographies r left join geographies c on c.region_id = r.id where r.is_region group by r.slug, r.name order by r.slug`,
		)
		expect(regions.map((r) => [r.slug, r.name])).toEqual([
			['xa', 'Middle East/Africa'],
			['xb', 'Europe'],
			['xc', 'North America'],
			['xd', 'Latin America'],
			['xe', 'Asia-Pacific'],
		])
		for (const r of regions) expect(r.countries, r.slug).toBeGreaterThanOrEqual(2)
		expect(await count(database.db, 'geographies', 'not is_region and region_id is null')).toBe(0)
		const [ru] = await rows<{ region: string }>(database.db, sql`select r.slug as region from geographies c join geographies r on r.id = c.region_id where c.slug = 'ru'`)
		expect(ru.region).toBe('xb')
	})

	test('roles carry the permissions of roles.ts', async () => {
		const roles = await rows<{ name: string; permissions: string[]; is_trial: boolean }>(database.db, sql`select name, permissions, is_trial from roles`)
		expect(roles.map((r) => r.name).sort()).toEqual(Object.keys(ROLE_PERMISSIONS).sort())
		for (const role of roles) expect(role.permissions.slice().sort(), role.name).toEqual([...ROLE_PERMISSIONS[role.name]].sort())
		expect(roles.find((r) => r.name === 'Executive - Trial')!.is_trial).toBe(true)
		expect(roles.find((r) => r.name === 'Executive')!.is_trial).toBe(false)
	})

	test('no-access messages, menus and the home page cards', async () => {
		const messages = await rows<{ slug: string; message: string }>(database.db, sql`select slug, message from no_access_messages`)
		const bySlug = Object.fromEntries(messages.map((m) => [m.slug, m.message]))
		expect(bySlug.default).toBe('Sorry, you do not have access to this content.')
		expect(bySlug.article).toBe('This article is available exclusively to full members')
		expect(bySlug.projecttracker).toBe('The Project Tracker is available exclusively to full members')

		const menus = await rows<{ slug: string; header: number; footer: number; children: number }>(
			database.db,
			sql`select m.slug, count(*) filter (where i.placement = 'header' and i.parent_id is null)::int as header,
				count(*) filter (where i.placement = 'footer' and i.parent_id is null)::int as footer,
				count(*) filter (where i.parent_id is not null)::int as children
				from menus m join menu_items i on i.menu_id = m.id group by m.slug order by m.slug`,
		)
		expect(menus.map((m) => m.slug)).toEqual(['main', 'strategy'])
		for (const m of menus) {
			expect(m.header).toBeGreaterThanOrEqual(6)
			expect(m.footer).toBeGreaterThanOrEqual(2)
			expect(m.children).toBeGreaterThan(10)
		}
		const [companies] = await rows<{ required_permissions: string[]; display_with_strategist_tag: boolean }>(
			database.db,
			sql`select i.required_permissions, i.display_with_strategist_tag from menu_items i join menus m on m.id = i.menu_id where m.slug = 'main' and i.link = '/companies'`,
		)
		expect(companies.required_permissions).toEqual(['read:executive', 'read:strategy', 'read:strategy-beta'])
		expect(companies.display_with_strategist_tag).toBe(true)

		const cards = await rows<{ card_type: string; position: string; width: string; sort_order: number; config: Record<string, unknown> }>(
			database.db,
			sql`select c.card_type, c.position, c.width, c.sort_order, c.config from cards c join pages p on p.id = c.owner_id and c.owner_kind = 'page' where p.slug = 'home' order by c.position, c.sort_order`,
		)
		const find = (title: string) => cards.find((c) => c.config.title === title)
		expect(find('Latest news')).toMatchObject({ card_type: 'ArticleListCard', position: 'Top', width: 'Full', config: { layout: 'TenArticleGrid', maxRecordCount: 10 } })
		expect(find('Market Maps')).toMatchObject({ position: 'Centre', width: 'TwoThirds', config: { articleTypeSlug: 'market-map', layout: 'ThreeArticleGrid' } })
		expect(find('Comment')).toMatchObject({ config: { layout: 'HeadlineList', articleTypeSlug: 'comment', maxRecordCount: 5 } })
		expect(find('Upcoming events')).toMatchObject({ card_type: 'EventSearchCard', position: 'Right' })
		expect(find('Editor’s picks')).toMatchObject({ position: 'Bottom', config: { editorsPick: true, layout: 'ImageList' } })
		expect(cards.some((c) => c.card_type === 'AdvertCard')).toBe(true)
		expect(cards.some((c) => c.card_type === 'LinkCard' && c.config.linkUrl === '/memberships')).toBe(true)
		for (const slug of ['privacypolicy', 'terms', 'cookiepolicy', 'partner-content-hub', 'archive', 'newsletters', 'about-us'])
			expect(await count(database.db, 'pages', `slug = '${slug}' and body_text <> '' and seo ? 'title'`), slug).toBe(1)
	})

	test('articles: access levels, market maps, drafts, tags', async () => {
		const db = database.db
		const total = await count(db, 'articles', 'not is_draft')
		const free = await count(db, 'articles', "not is_draft and permission_levels = '{}'")
		expect(free / total).toBeGreaterThan(0.2)
		expect(free / total).toBeLessThan(0.45)
		expect(await count(db, 'articles a join article_types t on t.id = a.article_type_id', "t.slug = 'market-map' and a.permission_levels <> '{read:executive}'")).toBe(0)
		expect(await count(db, 'articles', 'is_draft and preview_secret is null')).toBe(0)
		expect(await count(db, 'articles', 'is_draft')).toBeGreaterThan(0)
		expect(await count(db, 'articles', 'sponsor_company_id is not null')).toBeGreaterThanOrEqual(100)
		expect(await count(db, 'articles', 'is_editors_pick and not is_draft')).toBeGreaterThan(50)
		expect(await count(db, 'articles a join article_types t on t.id = a.article_type_id', "t.slug = 'blog' and a.blog_type_id is null")).toBe(0)
		expect(await count(db, 'articles', "body_text not like '%<h2>%'")).toBe(0)
		// Bodies are not repeated.
		const [{ n }] = await rows<{ n: number }>(db, sql`select count(distinct md5(body_text))::int as n from articles`)
		expect(n).toBe(await count(db, 'articles'))
		for (const table of ['article_authors', 'article_companies', 'article_geographies', 'article_industries', 'article_projects', 'article_technologies', 'article_topics', 'article_events'])
			expect(await count(db, table), table).toBeGreaterThan(50)
	})

	test('forecasts cover 2015..2035 and CAPEX + OPEX = TotalSpending', async () => {
		const db = database.db
		const years = await rows<{ year: number }>(db, sql`select distinct year from forecast_facts order by year`)
		expect(years.map((y) => y.year)).toEqual(Array.from({ length: 21 }, (_, i) => 2015 + i))
		for (const measure of ['TotalSpending', 'CAPEX', 'OPEX', 'Desal']) {
			expect(await count(db, 'forecast_facts', `measure = '${measure}' and year = 2015`), measure).toBeGreaterThan(0)
			expect(await count(db, 'forecast_facts', `measure = '${measure}' and year = 2035`), measure).toBeGreaterThan(0)
		}
		const [sums] = await rows<{ keys: number; mismatched: number }>(
			db,
			sql`select count(*)::int as keys, count(*) filter (where c is null or o is null or t is null or abs(c + o - t) > 0.011)::int as mismatched from (
				select sum(value_usd_m) filter (where measure = 'CAPEX') as c, sum(value_usd_m) filter (where measure = 'OPEX') as o,
					sum(value_usd_m) filter (where measure = 'TotalSpending') as t
				from forecast_facts where measure <> 'Desal'
				group by country_id, expenditure_type, utility_industrial, sector, year, is_published) k`,
		)
		expect(sums.keys).toBeGreaterThan(10_000)
		expect(sums.mismatched).toBe(0)
		expect(await count(db, 'forecast_facts', 'not is_published')).toBeGreaterThan(0)
		for (const app of ['Seawater desalination', 'Brackish water desalination', 'Other desalination'])
			expect(await count(db, 'forecast_facts', `measure = 'Desal' and forecast_application = '${app}'`), app).toBeGreaterThan(0)
		// Every value used in the facts is in the picklists.
		const [missing] = await rows<{ n: number }>(
			db,
			sql`select count(*)::int as n from (
				select distinct 'sector' as d, sector as v from forecast_facts where sector <> ''
				union select distinct 'expenditureType', expenditure_type from forecast_facts where expenditure_type <> ''
				union select distinct 'utilityIndustrial', utility_industrial from forecast_facts where utility_industrial <> ''
				union select distinct 'forecastApplication', forecast_application from forecast_facts where forecast_application <> ''
				union select distinct 'technology', technology from forecast_facts where technology <> ''
			) used left join forecast_dimension_values v on v.dimension = used.d and v.value = used.v where v.id is null`,
		)
		expect(missing.n).toBe(0)
		const releases = await rows<{ measure: string; min_year: number; max_year: number }>(db, sql`select measure, min_year, max_year from forecast_releases`)
		expect(releases).toHaveLength(4)
		for (const r of releases) expect([r.min_year, r.max_year]).toEqual([2015, 2035])
	})

	test('newsletters: 4-8 components each, article and project slugs that exist', async () => {
		const db = database.db
		const [r] = await rows<{ min: number; max: number }>(db, sql`select min(n)::int as min, max(n)::int as max from (select count(*) as n from newsletter_components group by newsletter_id) x`)
		expect(r.min).toBeGreaterThanOrEqual(4)
		expect(r.max).toBeLessThanOrEqual(8)
		const [missing] = await rows<{ articles: number; projects: number }>(
			db,
			sql`select
				(select count(*)::int from newsletter_components c cross join jsonb_array_elements_text(c.config->'articleSlugs') s where not exists (select 1 from articles a where a.slug = s)) as articles,
				(select count(*)::int from newsletter_components c cross join jsonb_array_elements_text(c.config->'projectSlugs') s where not exists (select 1 from projects p where p.slug = s)) as projects`,
		)
		expect(missing).toEqual({ articles: 0, projects: 0 })
		expect(await count(db, 'newsletter_components', "component_type = 'TextCard' and config->>'bodyText' like '%[First Name]%'")).toBeGreaterThan(100)
		expect(await count(db, 'newsletter_definitions')).toBe(7)
	})

	test('projects: history ascends to the last-modified date and progress', async () => {
		const db = database.db
		const [bad] = await rows<{ n: number }>(
			db,
			sql`select count(*)::int as n from projects p where not exists (
				select 1 from project_history h where h.project_id = p.id and h.date = p.date_last_modified and h.progress = p.progress)`,
		)
		expect(bad.n).toBe(0)
		expect(await count(db, 'projects', 'date_last_modified < date_added')).toBe(0)
		const archived = await count(db, 'projects', 'is_archived')
		expect(archived / (await count(db, 'projects'))).toBeGreaterThan(0.05)
		expect(archived / (await count(db, 'projects'))).toBeLessThan(0.2)
		// What the tracker lists backs the product's claim ("1,300+ tracked projects").
		expect(await count(db, 'projects', 'not is_archived')).toBeGreaterThan(Number(MARKETING_FIGURES.trackedProjects.replace(/\D/g, '')))
	})
})

describe('demo accounts and determinism (seeded here with a fixed now)', () => {
	let fixed: { db: Db; name: string }
	const extra: { db: Db; name: string }[] = []

	beforeAll(async () => {
		fixed = await seededDatabase(NOW)
		extra.push(fixed)
	})
	afterAll(async () => {
		for (const e of extra) {
			await e.db.$client.end()
			await admin(`drop database if exists ${e.name} with (force)`)
		}
	})

	type Role = { email: string; role: string; start_date: Date; end_date: Date }
	const demoRoles = async (db: Db) =>
		(await rows<{ email: string; role: string; start_date: string; end_date: string }>(db, sql`select u.email, r.name as role, d.start_date, d.end_date from dated_roles d join users u on u.id = d.user_id join roles r on r.id = d.role_id order by u.email, r.name`)).map(
			(r): Role => ({ ...r, start_date: new Date(r.start_date), end_date: new Date(r.end_date) }),
		)
	const rolesOf = (all: Role[], key: string) => all.filter((r) => r.email === DEMO_ACCOUNTS.find((a) => a.key === key)!.email)
	const current = (roles: Role[], at: number) => roles.filter((r) => r.start_date.getTime() <= at && r.end_date.getTime() >= at).map((r) => r.role)
	const days = (date: Date) => Math.floor((date.getTime() - TODAY) / DAY)

	test('every demo account exists with its current role', async () => {
		const all = await demoRoles(fixed.db)
		const at = NOW.getTime()
		for (const account of DEMO_ACCOUNTS) expect(rolesOf(all, account.key).length, account.key).toBeGreaterThan(0)
		expect(current(rolesOf(all, 'free'), at)).toEqual(['base account'])
		const trial = rolesOf(all, 'trial').find((r) => r.role === 'Executive - Trial')!
		expect(days(trial.end_date)).toBe(5)
		expect(Math.floor((trial.end_date.getTime() - SAME_DAY.getTime()) / DAY)).toBe(5)
		expect(current(rolesOf(all, 'trial'), at)).toContain('Executive - Trial')
		expect(current(rolesOf(all, 'executive'), at)).toContain('Executive')
		const expiring = rolesOf(all, 'executive-expiring').filter((r) => r.role === 'Executive')
		expect(expiring).toHaveLength(1)
		expect(days(expiring[0].end_date)).toBe(45)
		const expired = rolesOf(all, 'executive-expired').filter((r) => r.role === 'Executive')
		expect(days(expired[0].end_date)).toBe(-10)
		expect(current(rolesOf(all, 'executive-expired'), at)).not.toContain('Executive')
		expect(current(rolesOf(all, 'strategist'), at)).toContain('Strategy')
		expect(current(rolesOf(all, 'staff'), at)).toContain('Strategy for Staff')
		expect(current(rolesOf(all, 'incomplete-profile'), at)).toContain('Executive')

		const flags = await rows<{ email: string; has_complete_profile: boolean; show_renewal_messaging: boolean }>(
			fixed.db,
			sql`select email, has_complete_profile, show_renewal_messaging from users`,
		)
		const flag = (key: string) => flags.find((f) => f.email === DEMO_ACCOUNTS.find((a) => a.key === key)!.email)!
		expect(flag('incomplete-profile').has_complete_profile).toBe(false)
		expect(flag('executive').has_complete_profile).toBe(true)
		expect(flag('executive-expired').show_renewal_messaging).toBe(true)

		const staff = await rows<{ permissions: string[] }>(fixed.db, sql`select r.permissions from roles r where r.name = 'Strategy for Staff'`)
		expect(staff[0].permissions).toEqual(expect.arrayContaining(['edit:page-layout', 'export:newsletter']))
	})

	test('the demo organisation signs in from its IP range with an Executive role', async () => {
		const [org] = await rows<{ id: number; cidr: string; role: string; start_date: string; end_date: string }>(
			fixed.db,
			sql`select o.id, ip.cidr::text as cidr, r.name as role, d.start_date, d.end_date from organisations o
				join organisation_ip_ranges ip on ip.organisation_id = o.id
				join dated_roles d on d.organisation_id = o.id and d.user_id is null
				join roles r on r.id = d.role_id
				where o.reference = ${DEMO_ORGANISATION.reference}`,
		)
		expect(org.cidr).toBe(DEMO_ORGANISATION.ipRange)
		expect(org.role).toBe('Executive')
		expect(new Date(org.start_date).getTime()).toBeLessThan(NOW.getTime())
		expect(new Date(org.end_date).getTime()).toBeGreaterThan(NOW.getTime())
		const [inside] = await rows<{ inside: boolean }>(fixed.db, sql`select ${DEMO_ORGANISATION.sampleIp}::inet << ${DEMO_ORGANISATION.ipRange}::cidr as inside`)
		expect(inside.inside).toBe(true)
	})

	test('demo passwords verify (one shared hash)', async () => {
		const users = await rows<{ email: string; password_hash: string }>(fixed.db, sql`select email, password_hash from users`)
		for (const account of DEMO_ACCOUNTS) expect(users.find((u) => u.email === account.email), account.key).toBeDefined()
		const hashes = new Set(users.map((u) => u.password_hash))
		expect(hashes.size).toBe(1)
		const [hash] = hashes
		expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/)
		expect(await verifyPassword(DEMO_ACCOUNTS[0].password, hash)).toBe(true)
		expect(await verifyPassword('wrong-password', hash)).toBe(false)
		const again = await hashPassword(DEMO_ACCOUNTS[0].password)
		expect(again).not.toBe(hash)
		expect(await verifyPassword(DEMO_ACCOUNTS[0].password, again)).toBe(true)
		expect(await verifyPassword(DEMO_ACCOUNTS[0].password, 'not-a-hash')).toBe(false)
	})

	test('refreshDemoAccounts re-anchors on a later day and is idempotent', async () => {
		const later = new Date(NOW.getTime() + 20 * DAY)
		try {
			await refreshDemoAccounts(fixed.db, later)
			const first = await demoRoles(fixed.db)
			await refreshDemoAccounts(fixed.db, later)
			const second = await demoRoles(fixed.db)
			expect(second).toEqual(first)
			const trial = rolesOf(second, 'trial').find((r) => r.role === 'Executive - Trial')!
			expect(Math.floor((trial.end_date.getTime() - TODAY) / DAY)).toBe(25)
			expect(current(rolesOf(second, 'trial'), later.getTime())).toContain('Executive - Trial')
			// The organisation keeps exactly one role.
			expect(await count(fixed.db, 'dated_roles', 'user_id is null')).toBe(1)
		} finally {
			await refreshDemoAccounts(fixed.db, NOW)
		}
	})

	test('sponsored articles exist this month and last month; drafts are not the newest public ones', async () => {
		const monthStart = new Date(Date.UTC(2026, 2, 1))
		const lastMonthStart = new Date(Date.UTC(2026, 1, 1))
		const [r] = await rows<{ thisMonth: number; lastMonth: number; future: number }>(
			fixed.db,
			sql`select count(*) filter (where publication_date >= ${monthStart.toISOString()}::timestamptz)::int as "thisMonth",
				count(*) filter (where publication_date >= ${lastMonthStart.toISOString()}::timestamptz and publication_date < ${monthStart.toISOString()}::timestamptz)::int as "lastMonth",
				count(*) filter (where publication_date > ${NOW.toISOString()}::timestamptz)::int as future
				from articles where sponsor_company_id is not null and not is_draft`,
		)
		expect(r.thisMonth).toBeGreaterThan(0)
		expect(r.lastMonth).toBeGreaterThan(0)
		const [newest] = await rows<{ n: number }>(fixed.db, sql`select count(*)::int as n from articles where not is_draft and publication_date > ${NOW.toISOString()}::timestamptz`)
		expect(newest.n).toBe(0)
		const future = await count(fixed.db, 'events', `start_date > '${NOW.toISOString()}'`)
		expect(future).toBeGreaterThan(5)
	})

	test('the same day gives the same data', { timeout: 180_000 }, async () => {
		const other = await seededDatabase(SAME_DAY)
		extra.push(other)
		const digest = async (db: Db) => {
			const out: Record<string, string> = {}
			const queries: Record<string, string> = {
				// Drafts' preview secrets are random per database (the next test); everything else is the same.
				articles: "select md5(string_agg((to_jsonb(t) - 'preview_secret')::text, chr(10) order by id)) as d from articles t",
				article_companies: 'select md5(string_agg(t::text, chr(10) order by article_id, company_id)) as d from article_companies t',
				companies: 'select md5(string_agg(t::text, chr(10) order by id)) as d from companies t',
				projects: 'select md5(string_agg(t::text, chr(10) order by id)) as d from projects t',
				project_history: 'select md5(string_agg(t::text, chr(10) order by id)) as d from project_history t',
				mergers: 'select md5(string_agg(t::text, chr(10) order by id)) as d from mergers t',
				utilities: 'select md5(string_agg(t::text, chr(10) order by id)) as d from utilities t',
				events: 'select md5(string_agg(t::text, chr(10) order by id)) as d from events t',
				documents: "select md5(string_agg((to_jsonb(t) - 'preview_secret')::text, chr(10) order by id)) as d from documents t",
				newsletters: 'select md5(string_agg(t::text, chr(10) order by id)) as d from newsletter_components t',
				forecast_facts: 'select md5(string_agg(t::text, chr(10) order by id)) as d from forecast_facts t',
				users: 'select md5(string_agg((email, subject, first_name, has_complete_profile, created_at)::text, chr(10) order by id)) as d from users',
				dated_roles: 'select md5(string_agg((user_id, role_id, start_date, end_date)::text, chr(10) order by user_id, role_id)) as d from dated_roles',
			}
			for (const [name, query] of Object.entries(queries)) out[name] = (await rows<{ d: string }>(db, sql.raw(query)))[0].d
			return out
		}
		const [a, b] = await Promise.all([digest(fixed.db), digest(other.db)])
		expect(b).toEqual(a)

		// The drafts' secrets are not the generator's: another database of the same day has others,
		// but for the demo drafts whose secrets the README prints.
		const secrets = (db: Db) =>
			rows<{ slug: string; secret: string }>(
				db,
				sql`select 'articles/' || slug as slug, preview_secret as secret from articles where preview_secret is not null
					union all select 'documents/' || slug, preview_secret from documents where preview_secret is not null
					union all select 'newsletters/' || slug, preview_secret from newsletters where preview_secret is not null
					union all select 'opportunities/' || slug, preview_secret from opportunities where preview_secret is not null`,
			)
		const [mine, theirs] = await Promise.all([secrets(fixed.db), secrets(other.db)])
		const documented = new Set<string>([DEMO_DRAFT.secret, DEMO_DRAFT_DOCUMENT.secret, DEMO_OPPORTUNITY_DRAFT.secret])
		const theirsBySlug = new Map(theirs.map((row) => [row.slug, row.secret]))
		expect(mine.filter((row) => documented.has(row.secret))).toHaveLength(3)
		for (const prefix of ['articles/', 'documents/', 'newsletters/', 'opportunities/']) expect(mine.some((row) => row.slug.startsWith(prefix) && !documented.has(row.secret))).toBe(true)
		for (const { slug, secret } of mine) {
			if (documented.has(secret)) expect(theirsBySlug.get(slug)).toBe(secret)
			else {
				expect(theirsBySlug.get(slug)).not.toBe(secret)
				expect(secret).toMatch(/^[\w-]{32}$/)
			}
		}
	})
})
