/** The utilities index's server side: its API search. */
import type { LoaderFunctionArgs } from '@remix-run/node'
import type { IndexDefinition } from '~/components/tables/indexes.tsx'
import { loadIndexRoute } from '~/lib/index-table.server.ts'
import type { UtilityHit } from '../../../contract/utilities-index.ts'

export function loadUtilitiesIndex(args: LoaderFunctionArgs, index: IndexDefinition<UtilityHit>) {
	return loadIndexRoute(args, index, {
		search: (api, query) => api.get('indexes.utilities', { query }),
	})
}
