import type { LoaderFunctionArgs } from '@remix-run/node'
import { cardQuery } from '~/components/cards/page-query.ts'
import { createApiClient } from '~/lib/api.server.ts'
import { chartCardFile, noPageCards } from '~/lib/chart-card-file.server.ts'

/**
 * /contexts/{slug}/chart/{card id}/{svg|png|jpg|pdf|pptx}: a chart card's file, from the
 * context's cards as the reader gets them (the API sends them only to readers with access).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
	const api = createApiClient({ request, context })
	const response = await api.get('entities.bySlug', { params: { kind: 'contexts', slug: params.slug ?? '' }, query: cardQuery(new URL(request.url).searchParams) }).catch(noPageCards)
	return chartCardFile(response?.item.hasAccess ? (response.componentItems ?? []) : [], params.card, params.format)
}
