/**
 * The geography lists of spec 000 §7: GET /geographies/simplelist, /geographies/workbooks and
 * /geographies/countryNames answer with the contract's envelopes, from the seeded geographies.
 */
import { describe, expect, test } from 'vitest'
import type { z } from 'zod'
import { ENDPOINTS } from '../../contract/endpoints.ts'
import { useTestApi } from '../support/test-api.ts'

const { database, api } = useTestApi()

async function list<N extends 'geographies.simpleList' | 'geographies.workbooks' | 'geographies.countryNames'>(name: N) {
	const endpoint = ENDPOINTS[name]
	const response = await api.request(endpoint.path)
	expect(response.status, endpoint.path).toBe(200)
	return endpoint.response.parse(await response.json()) as z.infer<(typeof ENDPOINTS)[N]['response']>
}

const query = async <T,>(text: string) => (await database.db.$client.query(text)).rows as T[]

describe('the geography lists (spec 000 §7)', () => {
	test('simplelist: every region and country with slug, name and isRegion, regions first', async () => {
		const { items } = await list('geographies.simpleList')
		const rows = await query<{ slug: string; name: string; is_region: boolean }>('select slug, name, is_region from geographies')
		expect(items).toHaveLength(rows.length)
		expect(items).toContainEqual({ slug: 'xb', name: rows.find((row) => row.slug === 'xb')!.name, isRegion: true })
		const regions = items!.filter((item) => item.isRegion)
		expect(regions.length).toBeGreaterThan(0)
		expect(items!.slice(0, regions.length).every((item) => item.isRegion)).toBe(true)
	})

	test('countryNames: the countries, no regions, by name', async () => {
		const { items } = await list('geographies.countryNames')
		const countries = await query<{ name: string }>('select name from geographies where not is_region order by name, id')
		expect(items).toEqual(countries.map((row) => row.name))
	})

	test('workbooks: the countries with published forecast figures, each named as the chart download asks for it', async () => {
		const { items } = await list('geographies.workbooks')
		const countries = await query<{ slug: string }>(
			'select g.slug from geographies g where not g.is_region and exists (select 1 from forecast_facts f where f.country_id = g.id and f.is_published) order by g.name, g.id',
		)
		expect(items!.map((item) => item.slug)).toEqual(countries.map((row) => row.slug))
		expect(items!.length).toBeGreaterThan(0)
		expect(items!.every((item) => !item.isRegion && item.countryName === item.name)).toBe(true)
	})

	test('an unknown list is not found', async () => {
		expect((await api.request('/geographies/nonsense')).status).toBe(404)
	})
})
