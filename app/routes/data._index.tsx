import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { TITLE_SUFFIX } from '../../contract/constants.ts'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { ForecastExplorer } from '~/components/forecast/ForecastExplorer.tsx'
import forecastStyles from '~/components/forecast/forecast.css?url'
import { loadExplorer } from '~/lib/forecast-explorer.server.ts'
import { CACHE_CONTROL } from '~/lib/http.server.ts'
import { publicOrigin } from '~/lib/env.server.ts'

/**
 * /data: the forecast explorer (spec 001 §2 "Forecast data page"). No robots noindex: a
 * crawler, signed out, is redirected before it sees the page, and noindex on a member's
 * page only fails its SEO audit (Lighthouse is-crawlable).
 */
export const meta: MetaFunction = () => [{ title: `Forecasts${TITLE_SUFFIX}` }]

export const links = () => [{ rel: 'stylesheet', href: forecastStyles }]

export const headers = () => ({ 'Cache-Control': CACHE_CONTROL.privatePage })

export async function loader(args: LoaderFunctionArgs) {
	const data = await loadExplorer(args, 'data')
	return { ...data, origin: publicOrigin() }
}

export default function ForecastData() {
	return <ForecastExplorer data={useLoaderData<typeof loader>()} />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
