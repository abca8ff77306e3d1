import type { LoaderFunctionArgs } from '@remix-run/node'
import { forecastDownload } from '~/lib/forecast-download.server.ts'

/** /desaldata/export/{xlsx|csv|svg}?{the page's query}: the desalination forecast's downloads. */
export const loader = (args: LoaderFunctionArgs) => forecastDownload(args, 'desal')
