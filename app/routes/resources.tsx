import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { TITLE_SUFFIX } from '../../contract/constants.ts'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { ReferenceList } from '~/components/forecast/ReferenceList.tsx'
import { loadReferencePage } from '~/lib/forecast-reference.server.ts'
import { CACHE_CONTROL } from '~/lib/http.server.ts'

/** /resources: the forecasts' sources (spec 001 §2 "Forecast resources page"). */
export const meta: MetaFunction = () => [{ title: `Forecast resources${TITLE_SUFFIX}` }]

export const headers = () => ({ 'Cache-Control': CACHE_CONTROL.privatePage })

/** Our wording of the spec's "explanatory paragraph" for readers who can view data. */
export const RESOURCES_INTRO = 'GWI’s forecasts combine our own databases and surveys with published sources. These are the sources behind the figures on the forecast pages.'

export const loader = (args: LoaderFunctionArgs) => loadReferencePage(args, 'forecast.resources')

export default function Resources() {
	return <ReferenceList title="Forecast resources" page={useLoaderData<typeof loader>()} intro={<p>{RESOURCES_INTRO}</p>} empty="No resources available" error="Error loading resources" />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
