/**
 * The forecast's table as a file (spec 001 §7 POST /forecast/download and
 * /forecast/downloadForChart, "file name forecastDownload_{timestamp}.xlsx"): the whole table,
 * not capped at 250 rows, subtotals in bold, the total row last, the CAGR column when shown;
 * a second sheet says what the figures are. The one builder of the forecast's workbook and CSV:
 * the site's export links stream these files on.
 */
import ExcelJS from 'exceljs'
import Papa from 'papaparse'
import { roundOneDecimal } from '../../../contract/format.ts'
import type { ForecastResult, ForecastTableRow } from '../../../contract/forecast.ts'

/** The table as the download lays it out: headers, every row (subtotals included), the total last. */
export function exportRows(result: ForecastResult): { headers: string[]; rows: (string | number | null)[][]; aggregates: boolean[] } {
	const { headers, rows, total } = result.dataForTable
	const groups = result.request.groupBy.length
	const hasCagr = headers.length > groups + total.values.length
	const line = (row: ForecastTableRow) => [
		...Array.from({ length: groups }, (_, i) => row.keys[i] ?? ''),
		...row.values,
		...(hasCagr ? [row.cagr === null ? null : Math.round(row.cagr * 100) / 100] : []),
	]
	return { headers, rows: [...rows.map(line), line(total)], aggregates: [...rows.map((r) => r.isAggregate), true] }
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
export const CSV_TYPE = 'text/csv; charset=utf-8'

export async function forecastWorkbook(result: ForecastResult): Promise<Buffer> {
	const workbook = new ExcelJS.Workbook()
	workbook.created = new Date(result.publishedAt)
	const sheet = workbook.addWorksheet('Forecast')
	const { headers, rows, aggregates } = exportRows(result)
	sheet.addRow(headers).font = { bold: true }
	rows.forEach((row, i) => {
		const added = sheet.addRow(row)
		if (aggregates[i]) added.font = { bold: true }
	})
	const groups = result.request.groupBy.length
	headers.forEach((_, i) => {
		const column = sheet.getColumn(i + 1)
		column.width = i < groups ? 24 : 12
		if (i >= groups) column.numFmt = '#,##0.0'
	})
	sheet.views = [{ state: 'frozen', xSplit: groups, ySplit: 1 }]
	const about = workbook.addWorksheet('About')
	about.addRows([
		['Report', result.reportTitle],
		['Filters', result.reportTitleFilters.join('; ') || 'None'],
		['Unit', result.unit],
		['Published', result.publishedAt.slice(0, 10)],
		['CAGR', `${result.cagrStartYear}-${result.cagrEndYear}`],
	])
	about.getColumn(1).width = 12
	about.getColumn(2).width = 80
	return Buffer.from(await workbook.xlsx.writeBuffer())
}

/**
 * Text a spreadsheet would run as a formula (OWASP "CSV injection": a cell beginning with =, +,
 * -, @, a tab or a carriage return), which Papa Parse writes behind a single quote. A plain
 * negative number written as text ("-4.2") is a figure, not a formula, and stays as it is.
 */
export const CSV_FORMULA_START = /^(?!-\d+(\.\d+)?$)[=+\-@\t\r]/

/**
 * The table as CSV: figures as the table shows them (spec 001 §9's one decimal, so no
 * 52855.53999999999), text guarded against formulas; a figure stays a number.
 */
export function forecastCsv(result: ForecastResult): string {
	const { headers, rows } = exportRows(result)
	const figures = rows.map((row) => row.map((cell) => (typeof cell === 'number' ? roundOneDecimal(cell) : cell)))
	return `${Papa.unparse([headers, ...figures], { newline: '\r\n', escapeFormulae: CSV_FORMULA_START })}\r\n`
}
