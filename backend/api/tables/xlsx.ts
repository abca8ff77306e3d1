/**
 * The tables' downloads: one worksheet, a header row and one row per table row,
 * written with exceljs. Each table says its columns; the file is built here only.
 */
import ExcelJS from 'exceljs'
import { INDEX_MESSAGES } from '../../../contract/index-common.ts'

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export type XlsxColumn<T> = {
	header: string
	width?: number
	value: (row: T) => string | number | Date | null
}

export async function xlsxOf<T>(sheetName: string, columns: readonly XlsxColumn<T>[], rows: readonly T[]): Promise<Buffer> {
	const workbook = new ExcelJS.Workbook()
	workbook.created = new Date(0)
	const sheet = workbook.addWorksheet(sheetName)
	sheet.columns = columns.map((column) => ({
		header: column.header,
		width: column.width ?? 18,
	}))
	sheet.getRow(1).font = { bold: true }
	for (const row of rows) sheet.addRow(columns.map((column) => column.value(row)))
	return Buffer.from(await workbook.xlsx.writeBuffer())
}

/** Spec 001 §6 "Include estimates": beside a financial figure, whether it is GWI's estimate. */
export const ESTIMATE_COLUMN = INDEX_MESSAGES.estimateTitle
export const estimateCell = (isEstimate: boolean) => (isEstimate ? 'Yes' : null)
