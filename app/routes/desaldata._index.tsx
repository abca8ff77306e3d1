import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { TITLE_SUFFIX } from '../../contract/constants.ts'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { ForecastExplorer } from '~/components/forecast/ForecastExplorer.tsx'
import forecastStyles from '~/components/forecast/forecast.css?url'
import { loadExplorer } from '~/lib/forecast-explorer.server.ts'
import { CACHE_CONTROL } from '~/lib/http.server.ts'
import { publicOrigin } from '~/lib/env.server.ts'

/** /desaldata: the desalination explorer (spec 001 §2 "Desalination data page"). */
// No robots noindex, as /data: a signed-out crawler is redirected before it sees the page.
export const meta: MetaFunction = () => [{ title: `Forecasts${TITLE_SUFFIX}` }]

export const links = () => [{ rel: 'stylesheet', href: forecastStyles }]

export const headers = () => ({ 'Cache-Control': CACHE_CONTROL.privatePage })

export async function loader(args: LoaderFunctionArgs) {
	const data = await loadExplorer(args, 'desal')
	return { ...data, origin: publicOrigin() }
}

export default function DesalData() {
	return <ForecastExplorer data={useLoaderData<typeof loader>()} />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
