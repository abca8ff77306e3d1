/**
 * The opportunity pages' server side (spec 000 §2): an opportunity (GET /opportunities/slug/{slug},
 * or its draft with the preview secret), and the notice of one just created, carried in the
 * address the add form sends its poster to (so it shows without scripts and survives a reload).
 */
import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { CREATE_MESSAGES, OPPORTUNITY_ENTITY } from '../../contract/opportunities.ts'
import { parseUrlParams } from '../../contract/query.ts'
import { createApiClient } from './api.server.ts'
import { publicOrigin } from './env.server.ts'
import { routeError } from './errors.server.ts'
import { CACHE_CONTROL, pageCacheHeaders } from './http.server.ts'
import { previewHeaders } from './preview.server.ts'

/** The address parameter that says "you have just created this". */
export const CREATED_PARAM = 'created'

const PageQuerySchema = z.object({
	secret: z.string().max(200).optional().catch(undefined),
	[CREATED_PARAM]: z.enum(['true']).optional().catch(undefined),
})

export async function loadOpportunityPage({ request, context, params }: LoaderFunctionArgs, { draft }: { draft: boolean }) {
	const slug = params.slug ?? ''
	const query = parseUrlParams(PageQuerySchema, new URL(request.url).searchParams)
	const api = createApiClient({ request, context })
	const response = await (draft
		? api.get('opportunities.draft', { params: { slug }, headers: previewHeaders(context, query.secret ?? '') })
		: api.get('opportunities.bySlug', { params: { slug } })
	).catch((error: unknown) => routeError(error, request))
	const opportunity = response.item!
	return data(
		{
			origin: publicOrigin(),
			opportunity,
			created: query.created === 'true' ? CREATE_MESSAGES.created(OPPORTUNITY_ENTITY, opportunity.name) : null,
		},
		// A draft is for the holders of its link only: never kept by a shared cache.
		{ headers: draft ? { 'Cache-Control': CACHE_CONTROL.noStore } : pageCacheHeaders(request) },
	)
}
