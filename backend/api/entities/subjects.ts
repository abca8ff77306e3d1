/**
 * The subjects content is tagged and filed by: article and blog types, industries,
 * technologies and their type trees, topics, and the Strategist-only applications and
 * industrial subsectors.
 */
import { sql } from 'drizzle-orm'
import type { Link } from '../../../contract/common.ts'
import type { OwnerKind } from '../../db/schema.ts'
import { STRATEGY_PERMISSIONS } from '../access.ts'
import { link, rows, type EntityKind } from './kind.ts'

/** A kind that names a subject: a table of names and slugs with its own page of cards. */
const taxonomy = (table: string, label: string, pageType: string, ownerKind: OwnerKind, extra: Partial<EntityKind> = {}): EntityKind => ({
	table,
	label,
	pageType,
	ownerKind,
	...extra,
})

export const articleTypes = taxonomy('article_types', 'article type', 'ArticleType', 'article-type', { articles: (id) => ({ articleTypeId: id }) })

export const blogTypes = taxonomy('blog_types', 'blog type', 'BlogType', 'blog-type', { articles: (id) => ({ blogTypeId: id }) })

export const industries = taxonomy('industries', 'industry', 'Industry', 'industry', { articles: (id) => ({ tag: { kind: 'industries', id } }) })

export const technologies = taxonomy('technologies', 'technology', 'Technology', 'technology', {
	articles: (id) => ({ tag: { kind: 'technologies', id } }),
	details: async ({ db, id }) => ({
		technologyTypes: await rows<Link>(db, sql`select name, slug from technology_types where technology_id = ${id} and parent_id is null order by name`),
	}),
})

export const topics = taxonomy('topics', 'topic', 'Topic', 'topic', { articles: (id) => ({ tag: { kind: 'topics', id } }) })

export const applications = taxonomy('applications', 'application', 'Application', 'application', { requires: STRATEGY_PERMISSIONS })

export const industrialSubsectors = taxonomy('industrial_subsectors', 'industrial subsector', 'IndustrialSubsector', 'industrial-subsector', { requires: STRATEGY_PERMISSIONS })

export const technologyTypes: EntityKind = {
	table: 'technology_types',
	label: 'technology type',
	pageType: 'TechnologyType',
	ownerKind: 'technology-type',
	requires: STRATEGY_PERMISSIONS,
	details: async ({ db, id, data }) => {
		const [technology, ancestors, children] = await Promise.all([
			link(db, 'technologies', data.technology_id),
			// The node's ancestors, root first (breadcrumbs of the strategist layout).
			rows<Link>(
				db,
				sql`with recursive chain as (
					select id, name, slug, parent_id, 0 as depth from technology_types where id = ${(data.parent_id as number | null) ?? null}::int
					union all
					select p.id, p.name, p.slug, p.parent_id, chain.depth + 1 from technology_types p join chain on p.id = chain.parent_id
				) select name, slug from chain order by depth desc`,
			),
			rows<Link>(db, sql`select name, slug from technology_types where parent_id = ${id} order by name`),
		])
		return { nodeType: data.node_type, technology, parent: ancestors.at(-1) ?? null, ancestors, children }
	},
}
