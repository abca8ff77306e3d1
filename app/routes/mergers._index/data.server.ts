/** The mergers and acquisitions index's server side: its API search and the redirect home for signed-in readers who may not use it (docs/decisions/0018-index-access.md). */
import type { LoaderFunctionArgs } from '@remix-run/node'
import type { IndexDefinition } from '~/components/tables/indexes.tsx'
import { INDEX_PAGE_NEEDS, loadIndexRoute } from '~/lib/index-table.server.ts'
import type { MergerHit } from '../../../contract/mergers-index.ts'

export function loadMergersIndex(args: LoaderFunctionArgs, index: IndexDefinition<MergerHit>) {
	return loadIndexRoute(args, index, {
		search: (api, query) => api.get('indexes.mergers', { query }),
		signedInNeeds: INDEX_PAGE_NEEDS.mergers,
	})
}
