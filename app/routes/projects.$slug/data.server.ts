/** A project page's server side: the entity page as every entity kind loads it (the API decides what a reader without access sees). */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { entityPageResponse } from '~/lib/entity-pages.server.ts'

export function loadProjectPage(args: LoaderFunctionArgs) {
	return entityPageResponse(args, 'projects')
}
