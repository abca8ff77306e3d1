/**
 * The document page's server side (spec 002 §2, §4): the document (GET /documents/slug/{slug},
 * or its draft with the preview secret), what the reader may do with it
 * (contract/documents.ts), and the confirmation step's post.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { ApiError, createApiClient } from './api.server.ts'
import { routeError } from './errors.server.ts'
import { CACHE_CONTROL } from './http.server.ts'
import { getUserSummary } from './user.server.ts'
import { DOCUMENT_MESSAGES, documentAccess, DocumentDetailsSchema } from '../../contract/documents.ts'
import { parseUrlParams } from '../../contract/query.ts'

const PageQuerySchema = z.object({
	step: z.enum(['confirm']).optional().catch(undefined),
	isSample: z.enum(['true', 'false']).optional().catch(undefined),
	downloadError: z.enum(['permission', 'failed']).optional().catch(undefined),
	secret: z.string().max(200).optional().catch(undefined),
})

export const downloadPath = (slug: string, sample: boolean) => `/documents/${encodeURIComponent(slug)}/download${sample ? '?isSample=true' : ''}`

export async function loadDocumentPage({ request, context, params }: LoaderFunctionArgs, { draft }: { draft: boolean }) {
	const slug = params.slug ?? ''
	const query = parseUrlParams(PageQuerySchema, new URL(request.url).searchParams)
	const api = createApiClient({ request, context })
	const [user, response] = await Promise.all([
		getUserSummary(request, context),
		(draft ? api.get('documents.draft', { params: { slug }, headers: { PreviewToken: query.secret ?? '' } }) : api.get('entities.bySlug', { params: { kind: 'documents', slug } })).catch((error: unknown) =>
			routeError(error, request),
		),
	])
	const document = response.item
	const details = DocumentDetailsSchema.parse(document.details)
	const access = documentAccess({ signedIn: user !== null, hasAccess: document.hasAccess, hasSample: details.hasSample ?? false, hasSampleAccess: details.hasSampleAccess ?? false, documentType: details.documentType })
	const sample = access.state === 'sample' || (query.isSample === 'true' && (details.hasSampleAccess ?? false))
	const url = new URL(request.url)
	return data(
		{
			document: { slug: document.slug, name: document.name, description: document.description, image: document.thumbnail ?? null, publicationDate: document.publicationDate, documentType: details.documentType, isHyperlink: details.isHyperlink ?? false },
			access,
			signedIn: user !== null,
			confirming: query.step === 'confirm' && access.state !== 'paywall',
			sample,
			downloadUrl: downloadPath(document.slug, sample),
			error: query.downloadError === 'permission' ? DOCUMENT_MESSAGES.noPermission : query.downloadError === 'failed' ? DOCUMENT_MESSAGES.failed : null,
			returnUrl: `${url.pathname}`,
		},
		{ headers: { 'Cache-Control': user ? CACHE_CONTROL.privatePage : CACHE_CONTROL.publicPage, Vary: 'Cookie' } },
	)
}

/** The confirmation step's post: on to the file (hyperlink documents: their access recorded, then the link). */
export async function documentAction({ request, context, params }: ActionFunctionArgs) {
	const slug = params.slug ?? ''
	const form = await request.formData()
	const sample = form.get('isSample') === 'true'
	if (form.get('intent') === 'open-link') {
		let link: string | null | undefined
		try {
			link = (await createApiClient({ request, context }).post('documents.access', { params: { slug }, query: sample ? { isSample: 'true' } : {} })).item?.url
		} catch (error) {
			if (error instanceof ApiError && error.status === 403) return redirect(`/documents/${encodeURIComponent(slug)}?downloadError=permission`)
			throw error
		}
		return link ? redirect(link, { headers: { 'X-Remix-Reload-Document': 'true' } }) : data({ error: DOCUMENT_MESSAGES.failed }, { status: 404 })
	}
	return redirect(downloadPath(slug, sample), { headers: { 'X-Remix-Reload-Document': 'true' } })
}
