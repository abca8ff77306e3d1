import type { LoaderFunctionArgs } from '@remix-run/node'
import { cardQuery } from '~/components/cards/page-query.ts'
import { createApiClient } from '~/lib/api.server.ts'
import { chartCardFile } from '~/lib/chart-card-file.server.ts'
import { routeError } from '~/lib/errors.server.ts'

/**
 * /contexts/{slug}/chart/{card id}/{svg|png|jpg|pdf|pptx}: a chart card's file, from the
 * context's cards as the reader gets them (the API sends them only to readers with access).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
	const api = createApiClient({ request, context })
	const response = await api.get('entities.bySlug', { params: { kind: 'contexts', slug: params.slug ?? '' }, query: cardQuery(new URL(request.url).searchParams) }).catch((error: unknown) => routeError(error, request))
	return chartCardFile(response.item.hasAccess ? (response.componentItems ?? []) : [], params.card, params.format)
}
