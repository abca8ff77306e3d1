/**
 * Tables of the searchable tables area, listed in drizzle.config.ts.
 */
import { sql } from 'drizzle-orm'
import { boolean, date, doublePrecision, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { OPPORTUNITY_CATEGORIES } from '../../contract/opportunities.ts'
import { companies, geographies, projects, searchVector, users } from './schema.ts'

/**
 * A company's facet values for the companies index, one row per company: the ids (in
 * companyFacetNames) of the names its technology tree, expertises and industries give it.
 * Derived data (refreshCompanyFacets, after companies change), so the index counts facets
 * without aggregating some 30,000 tag rows on every request; ids, as PostgreSQL counts
 * integers in about half the time it counts names.
 */
export const companyFacets = pgTable('company_facets', {
	companyId: integer('company_id')
		.primaryKey()
		.references(() => companies.id, { onDelete: 'cascade' }),
	technologies: integer('technologies')
		.array()
		.notNull()
		.default(sql`'{}'::integer[]`),
	technologyTypes: integer('technology_types')
		.array()
		.notNull()
		.default(sql`'{}'::integer[]`),
	technologySubtypes: integer('technology_subtypes')
		.array()
		.notNull()
		.default(sql`'{}'::integer[]`),
	expertises: integer('expertises')
		.array()
		.notNull()
		.default(sql`'{}'::integer[]`),
	sectors: integer('sectors')
		.array()
		.notNull()
		.default(sql`'{}'::integer[]`),
})

/** The names company_facets' ids stand for: technologies, their types and subtypes, expertises and industries. */
export const companyFacetNames = pgTable('company_facet_names', {
	id: serial('id').primaryKey(),
	name: text('name').notNull().unique(),
})

/**
 * The opportunity exchange (spec 000 §2): opportunities members post, published at once or
 * kept as a draft seen only through its preview secret (like articles, documents and
 * newsletters). `created_by` is the member who posted it (null for the seed's).
 */
export const opportunities = pgTable(
	'opportunities',
	{
		id: serial('id').primaryKey(),
		slug: text('slug').notNull().unique(),
		name: text('name').notNull(),
		category: text('category', { enum: OPPORTUNITY_CATEGORIES }).notNull(),
		countryId: integer('country_id')
			.notNull()
			.references(() => geographies.id),
		organisation: text('organisation').notNull(),
		description: text('description').notNull(),
		contactEmail: text('contact_email').notNull(),
		valueUsdM: doublePrecision('value_usd_m'),
		closingDate: date('closing_date', { mode: 'string' }),
		projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
		createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
		isDraft: boolean('is_draft').notNull().default(false),
		previewSecret: text('preview_secret'),
		publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
		dateLastModified: timestamp('date_last_modified', { withTimezone: true }).notNull().defaultNow(),
		search: searchVector(sql.raw('name'), sql.raw('organisation'), sql.raw('description')),
	},
	(t) => [index('opportunities_search_idx').using('gin', t.search), index('opportunities_published_idx').on(t.publishedAt)],
)

/**
 * Spec 002 §2 "Saved filters ... are merged into the URL once on first load": the tracker's
 * last query of each member (its canonical parameters), kept on the server so it follows the
 * member across devices.
 */
export const trackerFilters = pgTable('tracker_filters', {
	userId: integer('user_id')
		.primaryKey()
		.references(() => users.id, { onDelete: 'cascade' }),
	params: text('params').notNull(),
	updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
