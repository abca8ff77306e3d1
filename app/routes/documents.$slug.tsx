/** /documents/{slug} (spec 002 §2 "Document pages"): see app/lib/documents.server.ts and DocumentView. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { DocumentView } from '~/components/commerce/DocumentView.tsx'
import { commerceLinks } from '~/components/commerce/styles.ts'
import { documentAction, loadDocumentPage } from '~/lib/documents.server.ts'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'
import { TITLE_SUFFIX } from '../../contract/constants.ts'

export const links = commerceLinks
export const headers = reuseLoaderHeaders
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.document.name ?? 'Document'}${TITLE_SUFFIX}` }, ...(data?.document.description ? [{ name: 'description', content: data.document.description }] : [])]

export const loader = (args: LoaderFunctionArgs) => loadDocumentPage(args, { draft: false })
export const action = (args: ActionFunctionArgs) => documentAction(args, { draft: false })

export default function DocumentPage() {
	const page = useLoaderData<typeof loader>()
	return <DocumentView {...page} pagePath={`/documents/${encodeURIComponent(page.document.slug)}`} />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
