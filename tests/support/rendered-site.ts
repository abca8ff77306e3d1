/**
 * The site's pages as a browser gets them, rendered by the real Remix server build (Vite's
 * SSR build of app/, the way `npm run dev` serves it) over the test file's own database and
 * the in-process API: for tests that must see the page HTML, not only the loader's data.
 *
 *   const site = useRenderedSite(database)
 *   test('...', async () => { const { status, html } = await site.render('/pages/terms') })
 *
 * Building the routes takes a few seconds, once per file.
 */
import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import { createServer, type ViteDevServer } from 'vite'
import { afterAll, beforeAll } from 'vitest'
import type { Db } from '../../backend/db/client.ts'
import { SITE, siteContext } from './site.ts'

const BUILD_TIMEOUT_MS = 120_000

export function useRenderedSite(database: { db: Db }) {
	let vite: ViteDevServer | undefined
	let handle: ReturnType<typeof createRequestHandler> | undefined
	beforeAll(async () => {
		vite = await createServer({ configFile: 'vite.config.ts', server: { middlewareMode: true, hmr: false, watch: null }, appType: 'custom', logLevel: 'error' })
		handle = createRequestHandler((await vite.ssrLoadModule('virtual:remix/server-build')) as ServerBuild, 'production')
	}, BUILD_TIMEOUT_MS)
	afterAll(() => vite?.close())
	/** The page's response, its body unread; `onApiRequest` sees each request the page's loaders make of the API. */
	async function respond(path: string, init: RequestInit = {}, { onApiRequest }: { onApiRequest?: (request: Request) => void } = {}) {
		if (!handle) throw new Error('useRenderedSite: the site exists once the file’s beforeAll has run')
		const context = siteContext(database.db)
		const apiFetch = context.apiFetch
		if (onApiRequest && apiFetch) context.apiFetch = (request) => (onApiRequest(request), apiFetch(request))
		return handle(new Request(`${SITE}${path}`, init), context)
	}
	return {
		respond,
		/** The page as a browser gets it: its status and HTML. */
		async render(...args: Parameters<typeof respond>) {
			const response = await respond(...args)
			return { status: response.status, html: await response.text() }
		},
	}
}
