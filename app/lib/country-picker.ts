/**
 * The country picker (spec 000 §2, header menu and geography page): "choosing a country
 * goes to /geographies/{code}; submit does nothing without a selection. Picker lists exist
 * for regions xa (Middle East/Africa), xb (Europe), xc (North America), xd (Latin America),
 * xe (Asia-Pacific), each with roughly 6 to 12 countries."
 *
 * It is a GET form to /geographies?country={code}, which redirects to /geographies/{code},
 * so it works without scripts; an empty selection is refused by the browser (`required`).
 */
import type { Link } from '../../contract/common.ts'

/** Where the picker submits, and its parameter. */
export const COUNTRY_PICKER_ACTION = '/geographies'
export const COUNTRY_PICKER_PARAM = 'country'

/**
 * Our choice of each region's list: its largest water markets (by spending), 6 to 12 each
 * (spec 000 §2 "roughly 6 to 12 countries"). North America is the continent a reader looks
 * it up by: the United States and Canada, then Mexico, Central America and the Caribbean's
 * largest markets (which GWI's data groups with Latin America, so Latin America's list is
 * South America's).
 */
export const COUNTRY_PICKER_LISTS = {
	xa: ['sa', 'ae', 'eg', 'za', 'il', 'kw', 'qa', 'om', 'dz', 'ma'],
	xb: ['de', 'gb', 'fr', 'it', 'es', 'nl', 'pl', 'tr', 'be', 'ch', 'at'],
	xc: ['us', 'ca', 'mx', 'pr', 'do', 'pa', 'cr', 'gt'],
	xd: ['br', 'ar', 'cl', 'co', 'pe', 'ec', 'uy'],
	xe: ['cn', 'jp', 'in', 'kr', 'au', 'id', 'sg', 'th', 'vn', 'my'],
} as const satisfies Record<string, readonly string[]>

/** Spec 000 §2: "each with roughly 6 to 12 countries". */
export const COUNTRY_PICKER_SIZE = { min: 6, max: 12 } as const

export type PickerRegion = keyof typeof COUNTRY_PICKER_LISTS

/** A region's group in the picker, with names from the content API. */
export type CountryPickerGroup = { region: Link; countries: Link[] }

/** A geography code as the picker sends it: two letters (countries) or a region code. */
export const GEOGRAPHY_CODE = /^[a-z]{2}$/
