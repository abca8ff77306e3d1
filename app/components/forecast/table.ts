/**
 * The forecast table's rows as the page shows them (spec 001 §2 "Forecast table", §4
 * "Table"): sorted on one column (subtotals sort among themselves, their rows within them,
 * the total row always last) and capped at 250 items.
 */
import { FORECAST_TABLE_MAX_ROWS, type ForecastState, type ForecastTableRow } from '../../../contract/forecast.ts'

export type TableBlock = { aggregate: ForecastTableRow | null; rows: ForecastTableRow[] }

/** Rows grouped under their subtotal (none when grouped by one group). */
export function blocksOf(rows: ForecastTableRow[]): TableBlock[] {
	const blocks: TableBlock[] = []
	for (const row of rows) {
		if (row.isAggregate) blocks.push({ aggregate: row, rows: [] })
		else if (blocks.length && blocks[blocks.length - 1].aggregate) blocks[blocks.length - 1].rows.push(row)
		else blocks.push({ aggregate: null, rows: [row] })
	}
	return blocks
}

type Sort = Pick<ForecastState, 'sort' | 'sortOrder' | 'startYear'>

function compare(sort: Sort) {
	const value = (row: ForecastTableRow): string | number | null => {
		if (sort.sort === 'key') return row.keys[row.keys.length - 1]
		if (sort.sort === 'cagr') return row.cagr
		return row.values[Number(sort.sort) - sort.startYear] ?? null
	}
	const direction = sort.sortOrder === 'desc' ? -1 : 1
	return (a: ForecastTableRow, b: ForecastTableRow) => {
		const [x, y] = [value(a), value(b)]
		// Blanks last whichever the direction.
		if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1
		return direction * (typeof x === 'string' ? x.localeCompare(String(y), 'en') : x - Number(y))
	}
}

/** The blocks in the chosen order, then cut after 250 items; `capped` says whether rows were cut. */
export function tableView(rows: ForecastTableRow[], sort: Sort): { blocks: TableBlock[]; capped: boolean } {
	let blocks = blocksOf(rows)
	if (sort.sort) {
		const byRow = compare(sort)
		blocks = blocks.map((b) => ({ ...b, rows: [...b.rows].sort(byRow) })).sort((a, b) => byRow(a.aggregate ?? a.rows[0], b.aggregate ?? b.rows[0]))
	}
	let left = FORECAST_TABLE_MAX_ROWS
	const shown: TableBlock[] = []
	for (const block of blocks) {
		if (left <= 0) break
		shown.push({ ...block, rows: block.rows.slice(0, left) })
		left -= block.rows.length
	}
	return { blocks: shown, capped: left < 0 || shown.length < blocks.length }
}
