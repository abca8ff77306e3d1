/**
 * Tables of the searchable tables area (issue 12). Re-exported by schema.ts.
 */
import { sql } from 'drizzle-orm'
import { integer, pgTable, text } from 'drizzle-orm/pg-core'
import { companies } from './schema.ts'

/**
 * A company's facet values for the companies index, one row per company: the names its
 * technology tree, expertises and industries give it. Derived data (refreshCompanyFacets,
 * after companies change), so the index counts facets without aggregating some 30,000
 * tag rows on every request.
 */
export const companyFacets = pgTable('company_facets', {
	companyId: integer('company_id')
		.primaryKey()
		.references(() => companies.id, { onDelete: 'cascade' }),
	technologies: text('technologies')
		.array()
		.notNull()
		.default(sql`'{}'::text[]`),
	technologyTypes: text('technology_types')
		.array()
		.notNull()
		.default(sql`'{}'::text[]`),
	technologySubtypes: text('technology_subtypes')
		.array()
		.notNull()
		.default(sql`'{}'::text[]`),
	expertises: text('expertises')
		.array()
		.notNull()
		.default(sql`'{}'::text[]`),
	sectors: text('sectors')
		.array()
		.notNull()
		.default(sql`'{}'::text[]`),
})
