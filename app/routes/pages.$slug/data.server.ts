/**
 * What a custom page (/pages/{slug}) needs besides the page itself: the latest newsletter
 * issue (/pages/newsletters), the partner companies of the partner content hub's filter,
 * and whether the reader may edit the page's layout.
 */
import type { AppLoadContext } from '@remix-run/node'
import type { ApiClient } from '~/lib/api.server.ts'
import { capabilitiesFor } from '~/lib/capabilities.ts'
import { PARTNER_COMPANY_PARAM } from '../../../contract/card-rules.ts'
import { cmsEditUrl } from '~/lib/cms.server.ts'
import { gateReaderOf } from '~/lib/no-access.ts'
import { getUserSummary } from '~/lib/user.server.ts'
import { log } from '../../lib/log.ts'

/** Custom pages with behaviour of their own (spec 000 §2, 001 §2). */
export const CUSTOM_PAGE = { newsletters: 'newsletters', partnerContentHub: 'partner-content-hub' } as const

/** Our choice: how many partner companies the filter can list (one call, no paging). */
export const PARTNER_LIST_SIZE = 100

export type Partner = { name: string; slug: string }

/** "/pages/newsletters (latest issue)": the newest published issue, or null when there is none. */
export async function latestNewsletterSlug(api: ApiClient): Promise<string | null> {
	try {
		const response = await api.get('entities.list', { params: { kind: 'newsletters' }, query: { pageNum: 1, pageSize: 1 } })
		return response.items[0]?.slug ?? null
	} catch (error) {
		// The page itself still says what the newsletters are; log and show it.
		log.error({ err: error }, '[pages] latest newsletter failed to load')
		return null
	}
}

/** The partner companies the hub can be filtered by, by name; null when they cannot be had (the hub shows without its filter). */
export async function loadPartners(api: ApiClient): Promise<Partner[] | null> {
	try {
		const response = await api.get('entities.list', { params: { kind: 'companies' }, query: { isPartner: true, pageSize: PARTNER_LIST_SIZE } })
		return response.items.map(({ name, slug }) => ({ name, slug })).sort((a, b) => a.name.localeCompare(b.name, 'en-GB'))
	} catch (error) {
		log.error({ err: error }, '[pages] partner companies failed to load')
		return null
	}
}

/** The chosen partner: a known partner's slug; '' or an unknown value is "none" (and is canonicalised away). */
export function chosenPartner(params: URLSearchParams, partners: Partner[]): { partner: Partner | null; canonical: boolean } {
	const value = params.get(PARTNER_COMPANY_PARAM)
	if (value === null) return { partner: null, canonical: true }
	const partner = partners.find((candidate) => candidate.slug === value) ?? null
	return { partner, canonical: partner !== null && params.getAll(PARTNER_COMPANY_PARAM).length === 1 }
}

/** Who reads: as the no-access panel needs them, and whether they may edit page layouts (edit:page-layout, spec 000 §6). */
export async function readerOf(request: Request, context: AppLoadContext) {
	const user = await getUserSummary(request, context)
	const capabilities = capabilitiesFor({ permissions: user?.permissions ?? null, viaNetworkAddress: user?.viaNetworkAddress })
	return { gateReader: gateReaderOf(user), canEditPageLayout: capabilities.canEditPageLayout }
}

/** The Edit link of a page: for readers who may edit page layouts, when CMS_URL is set. */
export const editLinkFor = (reader: { canEditPageLayout: boolean }, pageId: number) => (reader.canEditPageLayout ? cmsEditUrl('pages', pageId) : null)
