import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { TITLE_SUFFIX } from '../../contract/constants.ts'
import { FORECAST_MESSAGES } from '../../contract/forecast.ts'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { ReferenceList } from '~/components/forecast/ReferenceList.tsx'
import { loadReferencePage } from '~/lib/forecast-reference.server.ts'
import { CACHE_CONTROL } from '~/lib/http.server.ts'

/** /forecast-definitions: the definitions of forecast terms (spec 001 §2). */
export const meta: MetaFunction = () => [{ title: `Forecast definitions${TITLE_SUFFIX}` }]

export const headers = () => ({ 'Cache-Control': CACHE_CONTROL.privatePage })

export const loader = (args: LoaderFunctionArgs) => loadReferencePage(args, 'forecast.definitions')

export default function ForecastDefinitions() {
	return <ReferenceList title="Forecast definitions" page={useLoaderData<typeof loader>()} empty={FORECAST_MESSAGES.noDefinitions} error={FORECAST_MESSAGES.definitionsError} />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
