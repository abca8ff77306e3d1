/**
 * Table and chart card data (spec 000 §5, 001 §5): `dataPoints` is a list of rows whose
 * first row is the header. These rules decide whether a card appears, how its columns are
 * named, how its cells read and which kind of x axis its chart gets.
 */
import { formatFigure } from '../../../contract/format.ts'

export type Cell = string | number | null
export type TableData = { columns: string[]; rows: Cell[][] }
export type AxisType = 'datetime' | 'linear' | 'category'

/** "Table and chart cards appear only with at least 2 rows and 2 columns of dataPoints." */
export function hasEnoughData(dataPoints: unknown): dataPoints is unknown[][] {
	return Array.isArray(dataPoints) && dataPoints.length >= 2 && dataPoints.every(Array.isArray) && (dataPoints[0] as unknown[]).length >= 2
}

/** "Table column names keep only letters, digits, space and % ) ( / -." */
export function cleanColumnName(name: unknown): string {
	return String(name ?? '')
		.replace(/[^\p{L}\p{Nd} %)(/-]/gu, '')
		.replace(/\s+/g, ' ')
		.trim()
}

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/
/** 1,234,567.8 (thousands separated by commas). */
const GROUPED_NUMBER = /^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$/

/** "Numeric strings become numbers"; other text stays text, blanks become null. */
export function toCell(value: unknown): Cell {
	if (typeof value === 'number') return value
	if (value === null || value === undefined) return null
	const text = String(value).trim()
	if (text === '') return null
	if (NUMBER.test(text)) return Number(text)
	if (GROUPED_NUMBER.test(text)) return Number(text.replace(/,/g, ''))
	return text
}

/**
 * The card's table, or null when it must not appear. The header row gives the column
 * names; every other row is padded or cut to the header's width.
 */
export function parseDataPoints(dataPoints: unknown): TableData | null {
	if (!hasEnoughData(dataPoints)) return null
	const [header, ...body] = dataPoints
	const columns = header.map(cleanColumnName)
	const rows = body.map((row) => columns.map((_, index) => toCell(row[index])))
	return { columns, rows }
}

/**
 * Dates a chart's x values may be: ISO dates (2024-03, 2024-03-31, with a time), "31 March
 * 2024", "31/03/2024", "Mar 2024". Date.parse alone is not enough: V8 also reads
 * "Region 1" or "Europe 2020" as dates.
 */
const MONTH = '(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t(ember)?)?|oct(ober)?|nov(ember)?|dec(ember)?)'
const DATE_LIKE = new RegExp(
	`^(\\d{4}-\\d{2}(-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?)?|\\d{1,2}[ /.-](\\d{1,2}|${MONTH})[ /.-]\\d{4}|${MONTH}\\.? \\d{4})$`,
	'i',
)

/** A value that "parses as a date": date-shaped and accepted by Date.parse. */
export function parsesAsDate(value: Cell): boolean {
	return typeof value === 'string' && DATE_LIKE.test(value.trim()) && !Number.isNaN(Date.parse(value))
}

/**
 * Spec 000 §5: "Chart x values longer than 4 characters that parse as dates give a datetime
 * axis; numeric values a linear axis; otherwise a category axis." Every x value must qualify.
 */
export function xAxisType(values: Cell[]): AxisType {
	const present = values.filter((value) => value !== null)
	if (present.length === 0) return 'category'
	if (present.every((value) => String(value).trim().length > 4 && parsesAsDate(value))) return 'datetime'
	if (present.every((value) => typeof value === 'number' && Number.isFinite(value))) return 'linear'
	return 'category'
}

/** Text that stands for a missing figure in a column of numbers. */
const NOT_A_NUMBER = /^([-–—.?]|n\/?a|nan|[-+]?infinity|tbc|tbd)$/i

/** A column of figures: some numbers, and otherwise only blanks or missing-figure marks. */
export function isNumericColumn(rows: Cell[][], index: number): boolean {
	const cells = rows.map((row) => row[index]).filter((cell) => cell !== null)
	return cells.some((cell) => typeof cell === 'number') && cells.every((cell) => typeof cell === 'number' || NOT_A_NUMBER.test(String(cell)))
}

/**
 * What a table cell shows: figures as every page writes them (spec 001 §9 "Numbers with one
 * decimal, en-GB format", so a card's table reads as the card's chart, /data and the
 * downloads); "Values that are not numbers or are infinite show '-'" in number columns.
 */
export function formatCell(cell: Cell, numeric: boolean): string {
	if (numeric) return formatFigure(typeof cell === 'number' ? cell : null)
	if (cell === null) return '-'
	return typeof cell === 'number' ? String(cell) : cell
}

/** Rows become columns: a table of groups by year becomes a chart of years by group. */
export function transpose(data: TableData, firstColumn = 'Year'): TableData {
	const [, ...others] = data.columns
	return {
		columns: [firstColumn, ...data.rows.map((row) => String(row[0] ?? ''))],
		rows: others.map((column, index) => [toCell(column), ...data.rows.map((row) => row[index + 1])]),
	}
}
