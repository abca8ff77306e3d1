/** The companies index's server side: its API search and the redirect home for signed-in readers who may not use it (docs/decisions/0018-index-access.md). */
import type { LoaderFunctionArgs } from '@remix-run/node'
import type { IndexDefinition } from '~/components/tables/indexes.tsx'
import { INDEX_PAGE_NEEDS, loadIndexRoute } from '~/lib/index-table.server.ts'
import type { CompanyHit } from '../../../contract/companies-index.ts'

export function loadCompaniesIndex(args: LoaderFunctionArgs, index: IndexDefinition<CompanyHit>) {
	return loadIndexRoute(args, index, {
		search: (api, query) => api.get('indexes.companies', { query }),
		signedInNeeds: INDEX_PAGE_NEEDS.companies,
	})
}
