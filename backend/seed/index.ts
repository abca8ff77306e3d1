/**
 * The deterministic seed: fills an EMPTY migrated database with a realistic catalogue.
 * Same `now` day => same data (fixed PRNG streams; every date derives from the UTC day).
 *
 * Conventions the rest of the code can rely on:
 * - Most ids are assigned by the seed (1..n per table, in insertion order); sequences are moved
 *   past them at the end, so later inserts get fresh ids.
 * - Articles: every public article is published before the seed day (00:00 UTC); drafts
 *   (is_draft, preview_secret) are dated the seed day itself. Free = permission_levels '{}';
 *   the rest need read:executive. Market Maps and Quarterly Reviews are never free.
 * - Projects: capacity_unit says how the headline capacity reads. 'm3/d': capacity_m3d;
 *   'PE': capacity_people (capacity_m3d holds the flow); 'MGD': capacity_m3d is still in m3/d
 *   (show it converted); 'Dry tonnes/year' (sludge): capacity_m3d holds the tonnes.
 *   Every project has a project_history row dated date_last_modified with its current progress.
 * - Forecasts (forecasts.ts): TotalSpending/CAPEX/OPEX in US$ million, keyed by country x
 *   utilityIndustrial x sector x expenditureType (CAPEX + OPEX = TotalSpending per key);
 *   Desal in million m3/d of contracted capacity, keyed by country x forecastApplication x
 *   technology. Unpublished rows (is_published = false) are additions of the next release
 *   (a 'Data centres' sector, three new desal countries), never revisions of published rows.
 *   forecast_dimension_values dimensions: measure, utilityIndustrial, sector (parent =
 *   utilityIndustrial), expenditureType, forecastApplication, technology, region, country
 *   (value = slug, parent = region slug).
 * - Cards: config keys are camelCase. Article list filters used: articleTypeSlug, editorsPick,
 *   partnerContent, and on slices the article tag a slice's news is about (geographySlug /
 *   technologySlug / industrySlug / topicSlug / companySlug; see slices.ts).
 * - Demo accounts (demo-accounts.ts) have subject 'demo|<key>'; refreshDemoAccounts rewrites
 *   their dated roles (and the demo organisation's) relative to the day it is called.
 */
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { refreshDemoAccounts as refreshDemo, seedDemoAccounts, seedRoles, writeReferenceData } from './accounts.ts'
import { seedArticles } from './articles.ts'
import { seedAuthors } from './authors.ts'
import { seedCompanies } from './companies.ts'
import { refreshCompanyFacets } from '../db/company-facets.ts'
import { seedContexts } from './contexts.ts'
import { seedDocuments } from './documents.ts'
import { seedEvents } from './events.ts'
import { seedForecasts } from './forecasts.ts'
import { seedGeographies } from './geographies.ts'
import { seedMenus } from './menus.ts'
import { seedDemoAlerts } from './alerts.ts'
import { seedMergers } from './mergers.ts'
import { seedNewsletters } from './newsletters.ts'
import { seedOpportunities } from './opportunities.ts'
import { seedPages } from './pages.ts'
import { seedProjects } from './projects.ts'
import { seedSlices } from './slices.ts'
import { Random } from './random.ts'
import { seedTaxonomies } from './taxonomies.ts'
import { seedUtilities } from './utilities.ts'
import { resetSequences, utcDay, type SeedContext } from './util.ts'

export type SeedOptions = { scale?: number; log?: (message: string) => void; now?: Date }

export async function seed(db: Db, options: SeedOptions = {}): Promise<void> {
	const started = Date.now()
	const ctx: SeedContext = {
		db,
		today: utcDay(options.now ?? new Date()),
		scale: options.scale ?? 1,
		log: options.log ?? (() => {}),
		rng: (label) => Random.for(label),
	}
	const step = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
		const begun = Date.now()
		const result = await fn()
		ctx.log(`[seed] ${name} (${Date.now() - begun} ms)`)
		return result
	}
	const geo = await step('geographies', () => seedGeographies(ctx))
	// Forecasts depend only on geographies: their bulk insert runs alongside the other areas.
	const forecasts = step('forecasts', () => seedForecasts(ctx, geo))
	forecasts.catch(() => {}) // awaited below; avoid an unhandled rejection meanwhile
	const tax = await step('taxonomies', () => seedTaxonomies(ctx))
	const authors = await step('authors', () => seedAuthors(ctx))
	await step('roles', () => seedRoles(ctx))
	await step('pages', () => seedPages(ctx))
	await step('menus', () => seedMenus(ctx))
	const companies = await step('companies', () => seedCompanies(ctx, geo, tax))
	await step('company facets', () => refreshCompanyFacets(db))
	const utilities = await step('utilities', () => seedUtilities(ctx, geo))
	await step('mergers', () => seedMergers(ctx, geo, companies))
	const projects = await step('projects', () => seedProjects(ctx, geo, tax, companies, utilities))
	await step('opportunities', () => seedOpportunities(db, { today: ctx.today, scale: ctx.scale }))
	const events = await step('events', () => seedEvents(ctx, geo))
	const articles = await step('articles', () => seedArticles(ctx, { geo, tax, authors, companies, projects, events, utilities }))
	await step('documents', () => seedDocuments(ctx, companies))
	await step('newsletters', () => seedNewsletters(ctx, articles, projects))
	await step('contexts', () => seedContexts(ctx, geo))
	await step('slices', () => seedSlices(ctx, geo, tax, utilities, companies))
	await forecasts
	await step('demo accounts', () => seedDemoAccounts(ctx))
	await step('demo alerts', () => seedDemoAlerts(ctx))
	await step('sequences', () => resetSequences(db))
	// Fresh tables have no statistics until autovacuum gets to them (a minute or more), and
	// until then the planner takes each table for a handful of rows: the data tools' joins ran
	// as nested loops, four times slower (a forecast over 40,000 facts: 111 ms, then 25 ms).
	// VACUUM also marks every page all-visible, as a database that has run a while has them:
	// autovacuum passes over a table while the seed still writes (rows updated after their
	// insert) left the visibility map of companies, articles and projects empty, so no
	// index-only scan could run (the companies index's covering index went unused).
	await step('statistics', () => db.execute(sql`vacuum (analyze)`))
	ctx.log(`[seed] done in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

/** Re-anchors the demo accounts' dated roles on `now` (called at every server start). */
export { writeReferenceData }

export async function refreshDemoAccounts(db: Db, now: Date = new Date()): Promise<void> {
	await refreshDemo(db, now)
}
