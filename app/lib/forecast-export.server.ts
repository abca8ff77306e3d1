/**
 * The forecast downloads (spec 001 §7 "POST /forecast/download ... forecastDownload_{timestamp}.xlsx",
 * §9 "Chart export filename GWI-chart"): the whole table (not capped at 250 rows) with its CAGR
 * column, as a workbook or CSV, and the chart as the server's SVG, rasterised (resvg) for PNG,
 * JPG, PDF and PowerPoint.
 */
import { Resvg } from '@resvg/resvg-js'
import ExcelJS from 'exceljs'
import jpeg from 'jpeg-js'
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib'
import PptxGenJS from 'pptxgenjs'
import { SVG_HEIGHT, SVG_WIDTH } from '~/components/forecast/chart-svg.ts'
import type { ForecastResult, ForecastTableRow } from '../../contract/forecast.ts'

/** The table as the download lays it out: headers, every row (subtotals included), the total last. */
export function exportRows(result: ForecastResult): { headers: string[]; rows: (string | number | null)[][]; aggregates: boolean[] } {
	const { headers, rows, total } = result.dataForTable
	const groups = result.request.groupBy.length
	const line = (row: ForecastTableRow) => [...Array.from({ length: groups }, (_, i) => row.keys[i] ?? ''), ...row.values, ...(headers.length > groups + row.values.length ? [row.cagr === null ? null : Math.round(row.cagr * 100) / 100] : [])]
	return { headers, rows: [...rows.map(line), line(total)], aggregates: [...rows.map((r) => r.isAggregate), true] }
}

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
	about.addRows([['Report', result.reportTitle], ['Filters', result.reportTitleFilters.join('; ') || 'None'], ['Unit', result.unit], ['Published', result.publishedAt.slice(0, 10)], ['CAGR', `${result.cagrStartYear}-${result.cagrEndYear}`]])
	about.getColumn(1).width = 12
	about.getColumn(2).width = 80
	return Buffer.from(await workbook.xlsx.writeBuffer())
}

const csvCell = (value: string | number | null) => (value === null ? '' : typeof value === 'number' ? String(value) : /[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value)

export function forecastCsv(result: ForecastResult): string {
	const { headers, rows } = exportRows(result)
	return [headers, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'
}

// ---------------------------------------------------------------- chart images and documents

/** Exported images are drawn at twice the SVG's size, for print and slides. */
export const EXPORT_SCALE = 2
/** JPEG quality of the JPG export (our choice; the spec is silent). */
export const JPEG_QUALITY = 90

function rasterise(svg: string) {
	return new Resvg(svg, { fitTo: { mode: 'zoom', value: EXPORT_SCALE }, background: '#ffffff', font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' } }).render()
}

export function chartPng(svg: string): Buffer {
	return rasterise(svg).asPng()
}

export function chartJpeg(svg: string): Buffer {
	const image = rasterise(svg)
	return jpeg.encode({ data: image.pixels, width: image.width, height: image.height }, JPEG_QUALITY).data
}

/** The standard PDF fonts speak WinAnsi: anything else is replaced rather than failing the export. */
const winAnsi = (text: string) => text.replace(/[^\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2026]/g, '?')

export async function chartPdf(svg: string, { title, subtitle }: { title: string; subtitle: string }): Promise<Uint8Array> {
	const pdf = await PDFDocument.create()
	pdf.setTitle(title)
	const font = await pdf.embedFont(StandardFonts.Helvetica)
	const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
	// A4 landscape, in points.
	const page = pdf.addPage([841.89, 595.28])
	const image = await pdf.embedPng(chartPng(svg))
	const margin = 40
	page.drawText(winAnsi(title), { x: margin, y: 595.28 - margin - 16, size: 16, font: bold })
	if (subtitle) page.drawText(winAnsi(subtitle).slice(0, 140), { x: margin, y: 595.28 - margin - 34, size: 10, font, color: rgb(0.32, 0.38, 0.43) })
	const width = 841.89 - 2 * margin
	const height = Math.min(595.28 - 2 * margin - 50, (width * image.height) / image.width)
	page.drawImage(image, { x: margin, y: margin, width: (height * image.width) / image.height, height })
	return pdf.save()
}

/** Spec 001 §9 "PPT export: one slide with title, image and subtitle." */
export async function chartPptx(svg: string, { title, subtitle }: { title: string; subtitle: string }): Promise<Buffer> {
	const pptx = new PptxGenJS()
	pptx.layout = 'LAYOUT_WIDE'
	pptx.title = title
	const slide = pptx.addSlide()
	slide.addText(title, { x: 0.5, y: 0.3, w: 12.3, h: 0.6, fontSize: 24, bold: true })
	const png = chartPng(svg)
	const ratio = SVG_HEIGHT / SVG_WIDTH
	slide.addImage({ data: `data:image/png;base64,${png.toString('base64')}`, x: 1.5, y: 1.0, w: 10.3, h: 10.3 * ratio })
	slide.addText(subtitle, { x: 0.5, y: 1.0 + 10.3 * ratio + 0.1, w: 12.3, h: 0.5, fontSize: 12, color: '52606D' })
	return (await pptx.write({ outputType: 'nodebuffer' })) as Buffer
}
