/**
 * The chart's downloads (spec 001 §9 "Chart export filename GWI-chart", "PPT export: one slide
 * with title, image and subtitle"): the server's SVG, rasterised (resvg) for PNG, JPG, PDF and
 * PowerPoint. The table's workbook and CSV are the API's (backend/api/forecast/download.ts).
 */
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib'
import PptxGenJS from 'pptxgenjs'
import { CHART_EXPORT_FILE_NAME } from '../../contract/forecast.ts'
import { SVG_HEIGHT, SVG_WIDTH } from '~/components/forecast/chart-svg.ts'
import { rasterise } from '~/lib/raster.server.ts'

// ---------------------------------------------------------------- chart images and documents

/** Exported images are drawn at twice the SVG's size, for print and slides. */
export const EXPORT_SCALE = 2
/** JPEG quality of the JPG export (our choice; the spec is silent). */
export const JPEG_QUALITY = 90

export async function chartPng(svg: string): Promise<Buffer> {
	return rasterise(svg, EXPORT_SCALE, { type: 'png' })
}

export async function chartJpeg(svg: string): Promise<Buffer> {
	return rasterise(svg, EXPORT_SCALE, { type: 'jpeg', quality: JPEG_QUALITY })
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
	// A JPEG goes into the PDF as it is; a PNG would be decoded and compressed again by pdf-lib
	// on the event loop (a tenth of a worker's time while exports ran, in the bench's profile).
	const image = await pdf.embedJpg(await chartJpeg(svg))
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
	const png = await chartPng(svg)
	const ratio = SVG_HEIGHT / SVG_WIDTH
	slide.addImage({ data: `data:image/png;base64,${png.toString('base64')}`, x: 1.5, y: 1.0, w: 10.3, h: 10.3 * ratio })
	slide.addText(subtitle, { x: 0.5, y: 1.0 + 10.3 * ratio + 0.1, w: 12.3, h: 0.5, fontSize: 12, color: '52606D' })
	return (await pptx.write({ outputType: 'nodebuffer' })) as Buffer
}

// ---------------------------------------------------------------- one chart, every file

/** The chart menu's files (spec 001 §2 "Charts"): the drawing itself, its images and its documents. */
export const CHART_FILE_FORMATS = ['svg', 'png', 'jpg', 'pdf', 'pptx'] as const
export type ChartFileFormat = (typeof CHART_FILE_FORMATS)[number]
export const isChartFileFormat = (value: unknown): value is ChartFileFormat => (CHART_FILE_FORMATS as readonly unknown[]).includes(value)

const CONTENT_TYPES: Record<ChartFileFormat, string> = {
	svg: 'image/svg+xml',
	png: 'image/png',
	jpg: 'image/jpeg',
	pdf: 'application/pdf',
	pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
}

/**
 * A chart's file as a download named GWI-chart (spec 001 §9), from the server's drawing: the
 * explorer's chart and every chart card's are exported by this one function.
 */
export async function chartFileResponse(svg: string, format: ChartFileFormat, document: { title: string; subtitle: string }): Promise<Response> {
	const body =
		format === 'svg'
			? svg
			: new Uint8Array(format === 'png' ? await chartPng(svg) : format === 'jpg' ? await chartJpeg(svg) : format === 'pdf' ? await chartPdf(svg, document) : await chartPptx(svg, document))
	return new Response(body, {
		headers: { 'Content-Type': CONTENT_TYPES[format], 'Content-Disposition': `attachment; filename="${CHART_EXPORT_FILE_NAME}.${format}"`, 'Cache-Control': 'private, no-store' },
	})
}
