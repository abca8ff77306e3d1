/**
 * The mergers and acquisitions index (spec 001 §2-§9) as a `TableSource` of the table
 * engine, its hits, its sample rows and its download columns.
 */
import { sql } from 'drizzle-orm'
import { MERGER_FILTERS, MERGER_RANGES, MERGERS_TABLE, SAMPLE_ROWS, type MergerHit } from '../../../contract/indexes.ts'
import type { Db } from '../../db/client.ts'
import { MERGER_NAME } from '../merger-name.ts'
import { intArray } from '../sql.ts'
import { inPageOrder, type TableSource } from './engine.ts'
import { estimateCell, ESTIMATE_COLUMN, type XlsxColumn } from './xlsx.ts'
import { readPublicRows } from '../hot-data.ts'

const scalar = (column: string) => sql.raw(`array_remove(array[${column}], null)`)

export const MERGERS_SOURCE: TableSource = {
	config: MERGERS_TABLE,
	from: sql`mergers e left join geographies tc on tc.id = e.target_country_id left join geographies vc on vc.id = e.vendor_country_id left join geographies ac on ac.id = e.acquiror_country_id`,
	search: sql`e.search`,
	facets: {
		[MERGER_FILTERS.sector]: scalar('e.merger_sector'),
		[MERGER_FILTERS.acquirorType]: scalar('e.acquiror_type'),
		[MERGER_FILTERS.targetCountry]: scalar('tc.name'),
		[MERGER_FILTERS.vendorCountry]: scalar('vc.name'),
		[MERGER_FILTERS.acquirorCountry]: scalar('ac.name'),
	},
	choices: {
		// Completed (the default), Pending, or All deals.
		[MERGER_FILTERS.dealCompleted]: (option) => (option === 'Completed' ? sql`e.deal_completed` : option === 'Pending' ? sql`not e.deal_completed` : undefined),
	},
	ranges: {
		[MERGER_RANGES.year.title]: sql`e.year`,
		[MERGER_RANGES.price.title]: sql`e.price_dollars`,
	},
	estimates: { [MERGER_RANGES.price.title]: sql`e.price_is_estimate` },
	sorts: {
		year: sql`e.year`,
		target: sql`lower(e.target_name)`,
		acquiror: sql`lower(e.acquiror_name)`,
		country: sql`tc.name`,
		price: sql`e.price_dollars`,
	},
}

type MergerRow = {
	id: number
	slug: string
	name: string
	year: number
	target_name: string
	acquiror_name: string
	target_country: string | null
	price_dollars: number | null
	price_is_estimate: boolean
	deal_completed: boolean
}

export async function mergerHits(db: Db, ids: number[], { canViewFinancialData }: { canViewFinancialData: boolean }): Promise<MergerHit[]> {
	if (ids.length === 0) return []
	const rows = await readPublicRows<MergerRow>(db, 'merger hits', () => sql`
		select e.id, e.slug, ${MERGER_NAME} as name, e.year, e.target_name, e.acquiror_name, tc.name as target_country, e.price_dollars, e.price_is_estimate, e.deal_completed
		from mergers e left join geographies tc on tc.id = e.target_country_id where e.id = any(${intArray(ids)})`)
	return inPageOrder(ids, rows).map((row) => ({
		slug: row.slug,
		name: row.name,
		year: row.year,
		targetName: row.target_name,
		acquirorName: row.acquiror_name,
		targetCountry: row.target_country,
		priceDollars: canViewFinancialData ? row.price_dollars : null,
		priceIsEstimate: canViewFinancialData && row.price_dollars !== null && row.price_is_estimate,
		dealCompleted: row.deal_completed,
		hasAccess: true,
	}))
}

/** Spec 001 §4 "10 fake rows". */
export const SAMPLE_MERGERS: MergerHit[] = Array.from({ length: SAMPLE_ROWS }, (_, i) => ({
	slug: `sample-${i + 1}`,
	name: `Sample Holdings acquires Sample Water ${i + 1}`,
	year: 2024 - (i % 3),
	targetName: `Sample Water ${i + 1}`,
	acquirorName: 'Sample Holdings',
	targetCountry: null,
	priceDollars: null,
	priceIsEstimate: false,
	dealCompleted: true,
	hasAccess: false,
}))

export const MERGER_DOWNLOAD_COLUMNS = ({ canViewFinancialData }: { canViewFinancialData: boolean }): XlsxColumn<MergerHit>[] => [
	{ header: 'Year', width: 8, value: (hit) => hit.year },
	{ header: 'Target', width: 35, value: (hit) => hit.targetName },
	{ header: 'Acquiror', width: 35, value: (hit) => hit.acquirorName },
	{ header: 'Target country', value: (hit) => hit.targetCountry },
	...(canViewFinancialData
		? [
				{ header: 'Price (US$m)', value: (hit: MergerHit) => hit.priceDollars },
				{ header: ESTIMATE_COLUMN, value: (hit: MergerHit) => estimateCell(hit.priceIsEstimate) },
		  ]
		: []),
	{ header: 'Status', value: (hit) => (hit.dealCompleted ? 'Complete' : 'Pending') },
	{ header: 'Page', width: 50, value: (hit) => `/mergers/${hit.slug}` },
]
