/**
 * No-access messages (spec 000 §6): "Pages without access show a no-access message chosen
 * by slug with a default fallback". The messages come from GET /noaccesses; when that call
 * fails the page still shows the spec's default text.
 */
import type { NoAccessMessage } from './api-types.ts'
import type { ApiClient } from './api.server.ts'
import { MESSAGES } from './constants.ts'

/** Spec 000 §9: "no-access list 100". */
export const NO_ACCESS_PAGE_SIZE = 100
export const DEFAULT_NO_ACCESS_SLUG = 'default'

export async function loadNoAccessMessages(api: ApiClient): Promise<NoAccessMessage[]> {
	try {
		return (await api.get<NoAccessMessage>('/noaccesses', { pageSize: NO_ACCESS_PAGE_SIZE })).items ?? []
	} catch (error) {
		console.error('[no-access] messages failed to load:', error instanceof Error ? error.message : error)
		return []
	}
}

/** The message for `slug`, else the 'default' one, else the spec's default text. */
export function chooseNoAccessMessage(messages: readonly NoAccessMessage[], slug: string): string {
	const bySlug = (wanted: string) => messages.find((item) => item.slug === wanted)?.message
	return bySlug(slug) ?? bySlug(DEFAULT_NO_ACCESS_SLUG) ?? MESSAGES.noAccess
}

export async function noAccessMessage(api: ApiClient, slug: string): Promise<string> {
	return chooseNoAccessMessage(await loadNoAccessMessages(api), slug)
}
