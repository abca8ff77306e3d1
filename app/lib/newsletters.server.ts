/**
 * Loading a newsletter issue for its pages, its PDF and its export (spec 002 §2, §4): the
 * published issue, a draft with its secret, and what the reader may do with it. The API
 * decides access; this module only reads the reader's flags for the buttons.
 */
import { data, type AppLoadContext, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import type { NewsletterResponse } from '../../contract/newsletters.ts'
import { MESSAGES } from '../../contract/constants.ts'
import { parseUrlParams } from '../../contract/query.ts'
import { createApiClient } from './api.server.ts'
import { capabilitiesFor } from './capabilities.ts'
import { routeError } from './errors.server.ts'
import { CACHE_CONTROL, pageCacheHeaders, reuseLoaderHeaders } from './http.server.ts'
import { publicOrigin } from './env.server.ts'
import { accessGate, gateReaderOf } from './no-access.ts'
import { noAccessMessage } from './no-access.server.ts'
import { absoluteUrl } from './seo.ts'
import { getUserSummary } from './user.server.ts'
import { previewHeaders } from './preview.server.ts'

/** The no-access message of newsletters, by its slug (else the default message). */
export const NEWSLETTER_NO_ACCESS_SLUG = 'newsletters'

/** How an issue is shown: its page, from the archive, or as a draft preview. */
export type IssueMode = 'published' | 'archive' | 'draft'

export type IssueRequest = { request: Request; context: AppLoadContext; slug: string; mode: IssueMode; full: boolean }

/** Drafts: "never cached or indexed", on the page and on its error pages. */
export const DRAFT_HEADERS = { 'Cache-Control': CACHE_CONTROL.noStore, 'X-Robots-Tag': 'noindex, nofollow' } as const

const DraftParamsSchema = z.object({ secret: z.string().trim().optional() })

/** The reader's first name for the '[First Name]' placeholder: null for visitors and organisations. */
export function firstNameOf(user: { name: string; viaNetworkAddress: boolean } | null): string | null {
	if (!user || user.viaNetworkAddress) return null
	return user.name.trim().split(/\s+/)[0] || null
}

export async function loadIssue({ request, context, slug, mode, full }: IssueRequest) {
	const api = createApiClient({ request, context })
	const query = { full: full || undefined }
	const [response, user] = await Promise.all([
		(async (): Promise<NewsletterResponse> => {
			if (mode !== 'draft') return api.get('newsletters.bySlug', { params: { slug }, query })
			const { secret } = parseUrlParams(DraftParamsSchema, new URL(request.url).searchParams)
			return api.get('newsletters.draft', { params: { slug }, query, headers: previewHeaders(context, secret ?? '') })
		})().catch((error: unknown) => routeError(error, request)),
		getUserSummary(request, context),
	])
	const newsletter = response.item
	const origin = publicOrigin()
	const gate = newsletter.hasAccess
		? null
		: {
				message: newsletter.isOutsideTrialDatesRange ? MESSAGES.notInTrial : await noAccessMessage(api, NEWSLETTER_NO_ACCESS_SLUG),
				gate: accessGate(gateReaderOf(user), { title: newsletter.name, url: absoluteUrl(origin, `/newsletters/${newsletter.slug}`) }, new Date()),
			}
	const capabilities = capabilitiesFor({ permissions: user?.permissions ?? null, viaNetworkAddress: user?.viaNetworkAddress })
	return {
		origin,
		newsletter,
		gate,
		components: response.componentItems,
		firstName: firstNameOf(user),
		signedIn: user !== null,
		// "Export buttons show only for non-draft, non-archive newsletters when the user may export."
		canExport: capabilities.canExportNewsletter && mode === 'published' && !response.item.isDraft,
	}
}

export type LoadedIssue = Awaited<ReturnType<typeof loadIssue>>

/**
 * A download route's answer to a failed load: the page routes' error (routeError's status
 * and message) as plain text, since a resource route has no error page to show it in.
 */
export function downloadError(error: unknown): Response {
	if (error instanceof Response) return error
	if (error && typeof error === 'object' && 'data' in error && 'init' in error) {
		const { data, init } = error as { data: unknown; init: ResponseInit | null }
		return new Response(String(data), { status: init?.status ?? 500, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_CONTROL.noStore } })
	}
	throw error
}

/** The issue routes' loader and headers (published, archive and draft; page and full view): each route file names its mode. */
export function issueLoader(mode: IssueMode, full: boolean) {
	return async ({ request, context, params }: LoaderFunctionArgs) => {
		const issue = await loadIssue({ request, context, slug: params.slug ?? '', mode, full })
		// Issues greet signed-in readers by name: private for them, public for visitors.
		const headers = mode === 'draft' ? DRAFT_HEADERS : pageCacheHeaders(request)
		return data({ ...issue, mode, full }, { headers })
	}
}

export type IssueLoader = ReturnType<typeof issueLoader>

export function issueHeaders(mode: IssueMode): HeadersFunction {
	return mode === 'draft' ? () => DRAFT_HEADERS : reuseLoaderHeaders
}

