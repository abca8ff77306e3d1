/**
 * The no-access messages for loaders (spec 000 §6, §7, §9): GET /noaccesses?pageSize=100,
 * chosen by slug (no-access.ts). When the call fails the page still shows the spec's
 * default text.
 */
import type { NoAccessMessage } from '../../contract/articles.ts'
import type { ApiClient } from './api.server.ts'
import { chooseNoAccessMessage } from './no-access.ts'
import { log } from './log.ts'

/** Spec 000 §9: "no-access list 100". */
export const NO_ACCESS_PAGE_SIZE = 100

export async function loadNoAccessMessages(api: ApiClient): Promise<NoAccessMessage[]> {
	try {
		return (await api.get('noAccesses.list', { query: { pageSize: NO_ACCESS_PAGE_SIZE } })).items ?? []
	} catch (error) {
		log.error({ err: error }, '[no-access] messages failed to load')
		return []
	}
}

/** The message of the first of `slugs` the CMS has, else its default, else the spec's. */
export async function noAccessMessage(api: ApiClient, ...slugs: string[]): Promise<string> {
	return chooseNoAccessMessage(await loadNoAccessMessages(api), ...slugs)
}
