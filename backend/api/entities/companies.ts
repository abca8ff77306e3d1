/**
 * Companies: their details, activities and technology tree; financial data is Strategist
 * content (spec 000 §6).
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Link } from '../../../contract/common.ts'
import type { Db } from '../../db/client.ts'
import { booleanParam } from '../../../contract/query.ts'
import { link, pick, rows, type DetailContext, type EntityKind } from './kind.ts'

/** A company's technology tree: its leaf nodes and their ancestors under each technology. */
async function technologyTree(db: Db, companyId: number) {
	type Node = { id: number; slug: string; name: string; node_type: string; parent_id: number | null; technology_id: number }
	const nodes = await rows<Node>(
		db,
		sql`with recursive tree as (
			select tt.id, tt.slug, tt.name, tt.node_type, tt.parent_id, tt.technology_id
			from technology_types tt join company_technology_types ct on ct.technology_type_id = tt.id
			where ct.company_id = ${companyId}
			union
			select p.id, p.slug, p.name, p.node_type, p.parent_id, p.technology_id
			from technology_types p join tree on p.id = tree.parent_id
		) select * from tree order by name`,
	)
	if (nodes.length === 0) return []
	const technologies = await rows<{ id: number; slug: string; name: string }>(
		db,
		sql`select id, slug, name from technologies where id = any(${sql.param([...new Set(nodes.map((node) => node.technology_id))])}::int[]) order by name`,
	)
	type TreeNode = { slug: string; name: string; nodeType: string; children: TreeNode[] }
	const build = (node: Node): TreeNode => ({
		slug: node.slug,
		name: node.name,
		nodeType: node.node_type,
		children: nodes.filter((child) => child.parent_id === node.id).map(build),
	})
	return technologies.map((technology) => ({
		slug: technology.slug,
		name: technology.name,
		nodeType: 'Technology',
		children: nodes.filter((node) => node.parent_id === null && node.technology_id === technology.id).map(build),
	}))
}

const companyDetails = async ({ db, access, id, data }: DetailContext) => {
	const [country, expertises, industries, tree] = await Promise.all([
		link(db, 'geographies', data.headquarters_country_id),
		rows<{ name: string; pageSlug: string | null }>(db, sql`select name, page_slug as "pageSlug" from company_expertises where company_id = ${id} order by name`),
		rows<Link>(db, sql`select i.name, i.slug from company_industries ci join industries i on i.id = ci.industry_id where ci.company_id = ${id} order by i.name`),
		technologyTree(db, id),
	])
	return {
		...pick(data, [
			'full_company_name',
			'company_name_alias',
			'legacy_id',
			'website',
			'primary_exchange',
			'logo',
			'show_as_page',
			'is_partner',
			'chemicals',
			'engineering_project_types',
			'services',
			'digital_products',
			'last_modified_date',
		], ['last_modified_date']),
		headquartersCountry: country,
		expertises,
		industries,
		technologyTree: tree,
		// Company financial data is Strategist content (spec 000 §6).
		...(access.isStrategist ? pick(data, ['water_revenue', 'water_revenue_currency', 'water_revenue_dollars']) : {}),
	}
}

export const companies: EntityKind = {
	table: 'companies',
	label: 'company',
	pageType: 'Company',
	ownerKind: 'company',
	thumbnail: sql`e.logo`,
	listFilters: {
		shape: { isPartner: booleanParam('isPartner'), country: z.string().trim().optional() },
		where: (query) => [
			typeof query.isPartner === 'boolean' && sql`e.is_partner = ${query.isPartner}`,
			typeof query.country === 'string' && query.country !== '' && sql`e.headquarters_country_id = (select id from geographies where slug = ${query.country})`,
		],
	},
	articles: (id) => ({ tag: { kind: 'companies', id } }),
	details: companyDetails,
}
