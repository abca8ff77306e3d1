/**
 * The geography lists of spec 000 §7 (contract/geographies.ts): public, read from the
 * geographies table; the workbooks list holds the countries with published forecast figures.
 */
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import type { GeographyWorkbook, SimpleGeography } from '../../contract/geographies.ts'
import type { ApiEnv, Resource } from './context.ts'
import { itemsResponse } from './envelope.ts'

type GeographyRow = { slug: string; name: string; is_region: boolean }

const simple = (row: GeographyRow): SimpleGeography => ({ slug: row.slug, name: row.name, isRegion: row.is_region })

export const geographyLists: Resource = ({ db }) =>
	new Hono<ApiEnv>()
		.get('/simplelist', async (c) => {
			const { rows } = await db.execute<GeographyRow>(sql`select slug, name, is_region from geographies order by is_region desc, name, id`)
			return itemsResponse(c, rows.map(simple))
		})
		.get('/workbooks', async (c) => {
			// The chart download finds a country by its name (POST /forecast/downloadForChart?countryName=...).
			const { rows } = await db.execute<GeographyRow>(sql`
				select g.slug, g.name, g.is_region from geographies g
				where not g.is_region and exists (select 1 from forecast_facts f where f.country_id = g.id and f.is_published)
				order by g.name, g.id`)
			return itemsResponse<GeographyWorkbook>(
				c,
				rows.map((row) => ({ ...simple(row), countryName: row.name })),
			)
		})
		.get('/countryNames', async (c) => {
			const { rows } = await db.execute<{ name: string }>(sql`select name from geographies where not is_region order by name, id`)
			return itemsResponse(
				c,
				rows.map((row) => row.name),
			)
		})
