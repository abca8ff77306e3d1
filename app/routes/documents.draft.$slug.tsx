/** /documents/draft/{slug}?secret=… (spec 002 §2): a draft document, shown to holders of its preview secret. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData, useLocation } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { DocumentView } from '~/components/commerce/DocumentView.tsx'
import { commerceLinks } from '~/components/commerce/styles.ts'
import { documentAction, loadDocumentPage } from '~/lib/documents.server.ts'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'
import { TITLE_SUFFIX } from '../../contract/constants.ts'

export const links = commerceLinks
export const headers = reuseLoaderHeaders
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.document.name ?? 'Document'}${TITLE_SUFFIX}` }, { name: 'robots', content: 'noindex' }]

export const loader = (args: LoaderFunctionArgs) => loadDocumentPage(args, { draft: true })
export const action = (args: ActionFunctionArgs) => documentAction(args, { draft: true })

export default function DraftDocumentPage() {
	const page = useLoaderData<typeof loader>()
	const secret = new URLSearchParams(useLocation().search).get('secret') ?? ''
	return <DocumentView {...page} pagePath={`/documents/draft/${encodeURIComponent(page.document.slug)}?secret=${encodeURIComponent(secret)}`} />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
