import type { LoaderFunctionArgs } from '@remix-run/node'
import { chartDownload } from '~/lib/forecast-download.server.ts'

/** /data/chart.xlsx?chartType&countryName&customUrl&reportTitle&startYear&endYear&hideCAGR: a database chart card's workbook (spec 001 §7 POST /forecast/downloadForChart). */
export const loader = (args: LoaderFunctionArgs) => chartDownload(args)
