/**
 * /forecast-definitions and /resources (spec 001 §2): Strategist pages (strategy beta, else
 * redirect to /); readers who can view forecast data see the list, others the no-access panel.
 */
import { redirect, type AppLoadContext } from '@remix-run/node'
import type { Definition } from '../../contract/forecast.ts'
import { createApiClient } from './api.server.ts'
import { accessGate, gateReaderOf, NO_ACCESS_SLUG, type AccessGate } from './no-access.ts'
import { noAccessMessage } from './no-access.server.ts'
import { getReader } from './reader.server.ts'
import { log } from './log.ts'

export type ReferencePage = { items: Definition[] | null; noAccess: { message: string; gate: AccessGate } | null }

export async function loadReferencePage({ request, context }: { request: Request; context: AppLoadContext }, endpoint: 'forecast.definitions' | 'forecast.resources'): Promise<ReferencePage> {
	const api = createApiClient({ request, context })
	const reader = await getReader({ request, context, api })
	if (!reader.capabilities.hasStrategyBetaAccess) throw redirect('/')
	if (!reader.capabilities.canViewData) {
		const url = new URL(request.url)
		return { items: null, noAccess: { message: await noAccessMessage(api, NO_ACCESS_SLUG.strategist), gate: accessGate(gateReaderOf(reader.user), { title: 'Forecasts', url: url.pathname }, new Date()) } }
	}
	const items = await api.get(endpoint).then(
		(r) => r.items ?? [],
		(error: unknown) => {
			if (error instanceof Response) throw error
			log.error({ err: error }, `[forecast] ${endpoint} failed to load`)
			return null
		},
	)
	return { items, noAccess: null }
}
