/**
 * The tables' downloads: one worksheet, a header row and one row per table row,
 * written with exceljs. Each table says its columns; the file is built here only.
 */
import { PassThrough } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import ExcelJS from 'exceljs'
import { INDEX_MESSAGES } from '../../../contract/index-common.ts'

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export type XlsxColumn<T> = {
	header: string
	width?: number
	value: (row: T) => string | number | Date | null
}

/**
 * The file, written with exceljs's streaming writer: each row is committed (turned into the
 * sheet's XML and compressed) as it is added, so memory holds the compressed file and not a
 * model of every cell (the in-memory workbook grew the server by over 100 MB for the largest
 * download at scale 10). The file is still handed on whole, so a failure is a clean refusal.
 */
export async function xlsxOf<T>(sheetName: string, columns: readonly XlsxColumn<T>[], rows: readonly T[]): Promise<Buffer> {
	const output = new PassThrough()
	const file = buffer(output)
	const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false })
	workbook.created = new Date(0)
	const sheet = workbook.addWorksheet(sheetName)
	sheet.columns = columns.map((column) => ({
		header: column.header,
		width: column.width ?? 18,
	}))
	sheet.getRow(1).font = { bold: true }
	for (const row of rows) sheet.addRow(columns.map((column) => column.value(row))).commit()
	sheet.commit()
	await workbook.commit()
	return file
}

/** Spec 001 §6 "Include estimates": beside a financial figure, whether it is GWI's estimate. */
export const ESTIMATE_COLUMN = INDEX_MESSAGES.estimateTitle
export const estimateCell = (isEstimate: boolean) => (isEstimate ? 'Yes' : null)
