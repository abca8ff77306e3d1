/**
 * Rebuilds company_facets (schema-tables.ts) from the companies' technology trees (a leaf
 * and at most two ancestors: type > subtype > sub-subtype), expertises and industries, each
 * name stored as its id in company_facet_names.
 * Run after companies or their tags change (the seed does, once the companies are in).
 */
import { sql } from 'drizzle-orm'
import type { Db } from './client.ts'

export async function refreshCompanyFacets(db: Db): Promise<void> {
	await db.transaction(async (tx) => {
		await tx.execute(sql`delete from company_facets`)
		await tx.execute(sql`
			create temporary table company_facet_texts on commit drop as
			select c.id as company_id,
				coalesce(tech.technologies, '{}') as technologies, coalesce(tech.types, '{}') as technology_types, coalesce(tech.subtypes, '{}') as technology_subtypes,
				coalesce(ex.names, '{}') as expertises, coalesce(sec.names, '{}') as sectors
			from companies c
			left join (
				select ct.company_id,
					array_agg(distinct t.name) as technologies,
					array_remove(array_agg(distinct case when n.node_type = 'TechnologyType' then n.name end), null) as types,
					array_remove(array_agg(distinct case when n.node_type = 'TechnologySubType' then n.name end), null) as subtypes
				from company_technology_types ct
				join technology_types leaf on leaf.id = ct.technology_type_id
				left join technology_types p1 on p1.id = leaf.parent_id
				left join technology_types p2 on p2.id = p1.parent_id
				cross join lateral (values (leaf.node_type, leaf.name), (p1.node_type, p1.name), (p2.node_type, p2.name)) as n(node_type, name)
				join technologies t on t.id = leaf.technology_id
				group by ct.company_id
			) tech on tech.company_id = c.id
			left join (select company_id, array_agg(name order by name) as names from company_expertises group by company_id) ex on ex.company_id = c.id
			left join (select ci.company_id, array_agg(i.name order by i.name) as names from company_industries ci join industries i on i.id = ci.industry_id group by ci.company_id) sec on sec.company_id = c.id`)
		// A name keeps its id for good: ids are only ever added.
		await tx.execute(sql`
			insert into company_facet_names (name)
			select distinct unnest(technologies || technology_types || technology_subtypes || expertises || sectors) from company_facet_texts order by 1
			on conflict (name) do nothing`)
		const ids = (column: string) => sql.raw(`array(select n.id from unnest(f.${column}) as v join company_facet_names n on n.name = v order by n.id)`)
		await tx.execute(sql`
			insert into company_facets (company_id, technologies, technology_types, technology_subtypes, expertises, sectors)
			select f.company_id, ${ids('technologies')}, ${ids('technology_types')}, ${ids('technology_subtypes')}, ${ids('expertises')}, ${ids('sectors')}
			from company_facet_texts f`)
	})
}
