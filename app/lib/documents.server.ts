/**
 * The document page's server side (spec 002 §2, §4): the document (GET /documents/slug/{slug},
 * or its draft with the preview secret), what the reader may do with it
 * (contract/documents.ts), the confirmation step's post, and the file download itself.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { ApiError, createApiClient, type ApiClient } from './api.server.ts'
import { fetchApiFile } from './commerce.server.ts'
import { routeError } from './errors.server.ts'
import { CACHE_CONTROL } from './http.server.ts'
import { accessGate, gateReaderOf, type AccessGate } from './no-access.ts'
import { noAccessMessage } from './no-access.server.ts'
import { getUserSummary, type UserSummary } from './user.server.ts'
import { DOCUMENT_MESSAGES, documentAccess, DocumentDetailsSchema, DocumentDownloadQuerySchema, paywallKind } from '../../contract/documents.ts'
import { parseUrlParams } from '../../contract/query.ts'
import { previewHeaders } from './preview.server.ts'
import { log } from './log.ts'
import { readForm } from './form.server.ts'

const PageQuerySchema = z.object({
	step: z.enum(['confirm']).optional().catch(undefined),
	isSample: z.enum(['true', 'false']).optional().catch(undefined),
	downloadError: z.enum(['permission', 'failed']).optional().catch(undefined),
	secret: z.string().max(200).optional().catch(undefined),
})

/** The document page, and its download: a draft's carry its preview secret. */
export const documentPath = (slug: string, secret?: string) => (secret !== undefined ? `/documents/draft/${encodeURIComponent(slug)}?secret=${encodeURIComponent(secret)}` : `/documents/${encodeURIComponent(slug)}`)
export function downloadPath(slug: string, sample: boolean, secret?: string) {
	const query = new URLSearchParams()
	if (secret !== undefined) query.set('secret', secret)
	if (sample) query.set('isSample', 'true')
	const search = query.size ? `?${query}` : ''
	return secret !== undefined ? `/documents/draft/${encodeURIComponent(slug)}/download${search}` : `/documents/${encodeURIComponent(slug)}/download${search}`
}
/** Back to the document's page with what went wrong. */
const withDownloadError = (page: string, error: 'permission' | 'failed') => `${page}${page.includes('?') ? '&' : '?'}downloadError=${error}`

/** The secret of a draft's page or download (empty when absent: the API then answers 404). */
const draftSecretOf = (request: Request) => parseUrlParams(PageQuerySchema, new URL(request.url).searchParams).secret ?? ''

export async function loadDocumentPage({ request, context, params }: LoaderFunctionArgs, { draft }: { draft: boolean }) {
	const slug = params.slug ?? ''
	const query = parseUrlParams(PageQuerySchema, new URL(request.url).searchParams)
	const api = createApiClient({ request, context })
	const [user, response] = await Promise.all([
		getUserSummary(request, context),
		(draft ? api.get('documents.draft', { params: { slug }, headers: previewHeaders(context, query.secret ?? '') }) : api.get('entities.bySlug', { params: { kind: 'documents', slug } })).catch((error: unknown) =>
			routeError(error, request),
		),
	])
	const document = response.item
	const details = DocumentDetailsSchema.parse(document.details)
	const access = documentAccess({ signedIn: user !== null, hasAccess: document.hasAccess, hasSample: details.hasSample ?? false, hasSampleAccess: details.hasSampleAccess ?? false, documentType: details.documentType })
	const sample = access.state === 'sample' || (query.isSample === 'true' && (details.hasSampleAccess ?? false))
	const url = new URL(request.url)
	const noAccess = access.state === 'paywall' ? await membersPaywall(api, user, document, paywallKind(details.permissionLevels ?? []), url) : null
	return data(
		{
			document: { slug: document.slug, name: document.name, description: document.description, image: document.thumbnail ?? null, publicationDate: document.publicationDate, documentType: details.documentType, isHyperlink: details.isHyperlink ?? false },
			access,
			noAccess,
			signedIn: user !== null,
			confirming: query.step === 'confirm' && access.state !== 'paywall',
			sample,
			downloadUrl: downloadPath(document.slug, sample, draft ? (query.secret ?? '') : undefined),
			error: query.downloadError === 'permission' ? DOCUMENT_MESSAGES.noPermission : query.downloadError === 'failed' ? DOCUMENT_MESSAGES.failed : null,
			// A draft's page comes back with its secret after signing in.
			returnUrl: draft ? documentPath(document.slug, query.secret ?? '') : url.pathname,
		},
		// A draft is never kept by a cache, whoever reads it (its address carries the secret).
		{ headers: { 'Cache-Control': draft ? CACHE_CONTROL.noStore : user ? CACHE_CONTROL.privatePage : CACHE_CONTROL.publicPage, Vary: 'Cookie' } },
	)
}

/** The document no-access message's slug (spec 000 §6 "chosen by slug"). */
const DOCUMENT_NO_ACCESS_SLUG = 'document'

/**
 * The paywall of a document for members (spec 000 §6, 002 §6): the no-access message chosen
 * by slug and the membership gate, which offers a free trial only when a trial would open the
 * document (its executive-trial level) and the reader may start one. A document free to
 * registered readers has no such panel: signing in is all it asks (null).
 */
async function membersPaywall(
	api: ApiClient,
	user: UserSummary | null,
	document: { name: string },
	kind: ReturnType<typeof paywallKind>,
	url: URL,
): Promise<{ message: string; gate: AccessGate } | null> {
	if (kind === 'registration') return null
	const gate = accessGate(gateReaderOf(user), { title: document.name, url: url.origin + url.pathname }, new Date())
	return { message: await noAccessMessage(api, DOCUMENT_NO_ACCESS_SLUG), gate: { ...gate, offerTrial: gate.offerTrial && kind === 'trial' } }
}

/** The confirmation step's post: on to the file (hyperlink documents: their access recorded, then the link). */
export async function documentAction({ request, context, params }: ActionFunctionArgs, { draft }: { draft: boolean }) {
	const slug = params.slug ?? ''
	const form = await readForm(request)
	const sample = form.get('isSample') === 'true'
	const secret = draft ? draftSecretOf(request) : undefined
	// Drafts are never hyperlinks worth recording: their file is the draft's own.
	if (!draft && form.get('intent') === 'open-link') {
		let link: string | null | undefined
		try {
			link = (await createApiClient({ request, context }).post('documents.access', { params: { slug }, query: sample ? { isSample: 'true' } : {} })).item?.url
		} catch (error) {
			if (error instanceof ApiError && error.status === 403) return redirect(`/documents/${encodeURIComponent(slug)}?downloadError=permission`)
			throw error
		}
		return link ? redirect(link, { headers: { 'X-Remix-Reload-Document': 'true' } }) : data({ error: DOCUMENT_MESSAGES.failed }, { status: 404 })
	}
	return redirect(downloadPath(slug, sample, secret), { headers: { 'X-Remix-Reload-Document': 'true' } })
}

/** Headers of the API's answer that describe the file. */
const FILE_HEADERS = ['Content-Type', 'Content-Length', 'Content-Disposition', 'Cache-Control', 'X-Content-Type-Options']

/**
 * A document's file, streamed from the API (a draft's with its preview secret as the
 * PreviewToken). A refusal goes back to the document's page with 'Sorry, you do not have
 * permission to download this file', any other failure with 'Download failed'.
 */
export async function downloadDocumentFile({ request, context, params }: LoaderFunctionArgs, { draft }: { draft: boolean }): Promise<Response> {
	const slug = params.slug ?? ''
	const { isSample } = parseUrlParams(DocumentDownloadQuerySchema.catch({}), new URL(request.url).searchParams)
	const secret = draft ? draftSecretOf(request) : undefined
	const page = documentPath(slug, secret)
	const query = isSample === 'true' ? '?isSample=true' : ''
	let response: Response
	try {
		response = draft
			? await fetchApiFile({ request, context }, `/documents/slug/draft/${encodeURIComponent(slug)}/download${query}`, previewHeaders(context, secret ?? ''))
			: await fetchApiFile({ request, context }, `/documents/slug/${encodeURIComponent(slug)}/download${query}`)
	} catch (error) {
		if (error instanceof Response) throw error
		log.error({ err: error }, '[documents] download failed')
		return redirect(withDownloadError(page, 'failed'))
	}
	if (!response.ok) {
		await response.body?.cancel()
		return redirect(withDownloadError(page, response.status === 403 || response.status === 401 ? 'permission' : 'failed'))
	}
	const headers = new Headers()
	for (const name of FILE_HEADERS) {
		const value = response.headers.get(name)
		if (value) headers.set(name, value)
	}
	return new Response(response.body, { status: 200, headers })
}
