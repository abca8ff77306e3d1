import type { LoaderFunctionArgs } from '@remix-run/node'
import { forecastDownload } from '~/lib/forecast-download.server.ts'

/** /data/export/{xlsx|csv|svg}?{the page's query}: the forecast's downloads. */
export const loader = (args: LoaderFunctionArgs) => forecastDownload(args, 'data')
