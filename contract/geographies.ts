/**
 * The geography lists of spec 000 §7 ("GET /geographies/simplelist, /workbooks, /countryNames |
 * geography lists; also a list returning slug, name, isRegion"):
 *   GET /geographies/simplelist    every region and country: slug, name, isRegion
 *   GET /geographies/workbooks     the countries that have forecast figures, so a chart card's
 *                                  workbook (POST /forecast/downloadForChart) can be asked for
 *                                  them: slug, name, isRegion, with the country name to ask by
 *   GET /geographies/countryNames  every country's name (no regions), as the chart download names them
 * Lists are ordered regions first, then by name. They are public, as the geography pages are.
 */
import { z } from 'zod'
import { envelope } from './envelope.ts'

export const SimpleGeographySchema = z.object({ slug: z.string(), name: z.string(), isRegion: z.boolean() })
export type SimpleGeography = z.infer<typeof SimpleGeographySchema>

/** A geography with forecast figures: `countryName` is what POST /forecast/downloadForChart takes. */
export const GeographyWorkbookSchema = SimpleGeographySchema.extend({ countryName: z.string() })
export type GeographyWorkbook = z.infer<typeof GeographyWorkbookSchema>

export const GEOGRAPHY_LIST_PATHS = {
	simpleList: '/geographies/simplelist',
	workbooks: '/geographies/workbooks',
	countryNames: '/geographies/countryNames',
} as const

export const GEOGRAPHY_ENDPOINTS = {
	'geographies.simpleList': { method: 'GET', path: GEOGRAPHY_LIST_PATHS.simpleList, response: envelope(SimpleGeographySchema) },
	'geographies.workbooks': { method: 'GET', path: GEOGRAPHY_LIST_PATHS.workbooks, response: envelope(GeographyWorkbookSchema) },
	'geographies.countryNames': { method: 'GET', path: GEOGRAPHY_LIST_PATHS.countryNames, response: envelope(z.string()) },
} as const
