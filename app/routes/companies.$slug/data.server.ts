/** A company page's server side: the entity page, the technology tree's state and the financial indicators, asked for together. */
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { ApiError, createApiClient } from '~/lib/api.server.ts'
import { loadEntityPage, pageResponse } from '~/lib/entity-pages.server.ts'
import { detailsOf } from '~/lib/entity-pages.ts'
import type { FinancialStatsState } from './FinancialStats.tsx'
import { TREE_EXPANDED, TREE_PARAM } from './technology-tree.ts'
import { treeState } from './tree-state.server.ts'

/** Where strategist mode sends companies not flagged showAsPage (spec 000 §2). */
const COMPANIES_INDEX = '/companies'

export async function loadCompanyPage(args: LoaderFunctionArgs) {
	const slug = args.params.slug ?? ''
	// The indicators are asked for alongside the page; Forbidden (or Unauthorized) hides the card.
	const stats: Promise<FinancialStatsState> = createApiClient(args)
		.get('companies.indicators', { params: { slug } })
		.then(
			(response): FinancialStatsState => ({ status: 'ok', items: response.items ?? [] }),
			(error: unknown): FinancialStatsState => (error instanceof ApiError && (error.status === 403 || error.status === 401) ? { status: 'forbidden' } : { status: 'error' }),
		)
	const { page, reader } = await loadEntityPage(args, 'companies', { state: treeState })
	const details = detailsOf('companies', page.entity)
	if (reader.strategistMode && !details.showAsPage) throw redirect(COMPANIES_INDEX)
	const treeExpanded = treeState(new URL(args.request.url).searchParams)[TREE_PARAM] === TREE_EXPANDED
	return pageResponse(args.request, { ...page, treeExpanded, stats: await stats })
}
