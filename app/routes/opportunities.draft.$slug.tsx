/** /opportunities/draft/{slug}?secret=… (spec 000 §2): a draft opportunity, shown to holders of its preview secret. */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { OpportunityView } from '~/components/tables/OpportunityView.tsx'
import tableStyles from '~/components/tables/tables.css?url'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'
import { loadOpportunityPage } from '~/lib/opportunities.server.ts'
import { errorMeta } from '~/lib/seo.ts'
import { TITLE_SUFFIX } from '../../contract/constants.ts'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: tableStyles }]
export const headers = reuseLoaderHeaders

export const loader = (args: LoaderFunctionArgs) => loadOpportunityPage(args, { draft: true })

export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
	data ? [{ title: `${data.opportunity.name}${TITLE_SUFFIX}` }, { name: 'robots', content: 'noindex' }] : errorMeta(error)

export default function DraftOpportunityPage() {
	const { opportunity, created } = useLoaderData<typeof loader>()
	return <OpportunityView opportunity={opportunity} created={created} />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
