/**
 * The country picker's lists with their names (app/lib/country-picker.ts): one call for
 * every region and country of the lists, made by the root loader for the header menu's
 * picker; the geography pages show the same lists (components/CountryPicker.tsx
 * useCountryPickerGroups).
 */
import type { Link } from '../../contract/common.ts'
import type { ApiClient } from './api.server.ts'
import { COUNTRY_PICKER_LISTS, type CountryPickerGroup, type PickerRegion } from './country-picker.ts'
import { log } from './log.ts'

/** The picker's regions and countries with their names; null when they cannot be had (the page renders without it). */
export async function loadCountryPicker(api: ApiClient): Promise<CountryPickerGroup[] | null> {
	const regions = Object.keys(COUNTRY_PICKER_LISTS) as PickerRegion[]
	const slugs = [...regions, ...regions.flatMap((region) => COUNTRY_PICKER_LISTS[region])]
	try {
		const response = await api.get('entities.bySlugs', { params: { kind: 'geographies', slugs: slugs.join(',') } })
		const names = new Map((response.items ?? []).map((item) => [item.slug, item.name]))
		const link = (slug: string): Link | null => (names.has(slug) ? { slug, name: names.get(slug)! } : null)
		const groups = regions.flatMap((region) => {
			const regionLink = link(region)
			if (!regionLink) return []
			const countries = COUNTRY_PICKER_LISTS[region].map(link).filter((country): country is Link => country !== null)
			return [{ region: regionLink, countries }]
		})
		return groups
	} catch (error) {
		log.error({ err: error }, '[geographies] country picker failed to load')
		return null
	}
}
