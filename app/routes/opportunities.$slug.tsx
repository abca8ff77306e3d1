/** /opportunities/{slug} (spec 000 §2): a published opportunity of the exchange. */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { OpportunityView } from '~/components/tables/OpportunityView.tsx'
import tableStyles from '~/components/tables/tables.css?url'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'
import { loadOpportunityPage } from '~/lib/opportunities.server.ts'
import { absoluteUrl, errorMeta, seoMeta, truncate } from '~/lib/seo.ts'
import { opportunityPath } from '../../contract/opportunities-exchange.ts'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: tableStyles }]
export const headers = reuseLoaderHeaders

export const loader = (args: LoaderFunctionArgs) => loadOpportunityPage(args, { draft: false })

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
	if (!data) return errorMeta(error)
	const { opportunity } = data
	return seoMeta({ title: opportunity.name, description: truncate(opportunity.description, 160), canonical: absoluteUrl(data.origin, opportunityPath(opportunity.slug)) })
}

export default function OpportunityPage() {
	const { opportunity, created } = useLoaderData<typeof loader>()
	return <OpportunityView opportunity={opportunity} created={created} />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
