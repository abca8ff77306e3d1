/**
 * Every route the server answers, read from the code rather than listed by hand: the Remix
 * routes (app/routes, flat-route file names) and the content API's (backend/api, Hono's own
 * route table), and the embedded identity provider's sign-in pages (its Express router). A
 * route added later is fuzzed without touching the tests.
 */
import fs from 'node:fs'
import path from 'node:path'
import { createApi } from '../../backend/api/index.ts'
import { ENTITY_KINDS } from '../../backend/api/entity-kinds.ts'
import { IDENTITY_BASE_PATH, identityPages } from '../../backend/identity/interactions.ts'

const ROUTES_DIR = path.resolve('app/routes')

export type PageRoute = { file: string; pattern: string; hasAction: boolean }

/** `articles.$slug` → `/articles/:slug`, `robots[.]txt` → `/robots.txt`, `$` → `/*`, `_index` → ''. */
function patternOf(name: string): string {
	const segments: string[] = []
	for (const raw of name.match(/(\[[^\]]*\]|[^.[]+)+/g) ?? []) {
		const segment = raw.replace(/\[([^\]]*)\]/g, '$1')
		if (segment === '_index' || (raw.startsWith('_') && !raw.startsWith('['))) continue
		segments.push(segment === '$' ? '*' : segment.startsWith('$') ? `:${segment.slice(1)}` : segment)
	}
	return `/${segments.join('/')}`
}

/** The site's routes with their URL patterns, and whether they take a form post. */
export function pageRoutes(): PageRoute[] {
	return fs.readdirSync(ROUTES_DIR, { withFileTypes: true }).flatMap((entry) => {
		const file = entry.isDirectory() ? path.join(entry.name, 'route.tsx') : entry.name
		const full = path.join(ROUTES_DIR, file)
		if (!fs.existsSync(full)) return []
		const name = entry.isDirectory() ? entry.name : entry.name.replace(/\.tsx?$/, '')
		const source = fs.readFileSync(full, 'utf8')
		return [{ file, pattern: patternOf(name), hasAction: /export (async function|const|\{[^}]*\b)action\b/.test(source) }]
	})
}

export type ApiRoute = { method: string; pattern: string }

/** The content API's routes (under /api), from the app itself. */
export function apiRoutes(): ApiRoute[] {
	// Building the routes reads no data: the database is only asked when a request arrives.
	const api = createApi({ db: {} as never })
	const seen = new Set<string>()
	return api.routes.flatMap(({ method, path: pattern }) => {
		const key = `${method} ${pattern}`
		if (method === 'ALL' || seen.has(key)) return []
		seen.add(key)
		return [{ method, pattern: `/api${pattern}` }]
	})
}

/** The API's entity kinds (`/api/{entity}`). */
export const entityKinds = (): string[] => Object.keys(ENTITY_KINDS)

export type IdentityRoute = { method: string; pattern: string }

/** The sign-in pages of the embedded identity provider (under /oidc); the provider's own endpoints are in its discovery document. */
export function identityRoutes(): IdentityRoute[] {
	// Building the router reads no data and sends no mail.
	const router = identityPages({ db: null as never, provider: null as never, shell: null as never, mailer: { send: async () => undefined } })
	return router.stack.flatMap((layer) => {
		const route = layer.route as { path: string; methods: Record<string, boolean> } | undefined
		if (!route) return []
		return Object.keys(route.methods).map((method) => ({ method: method.toUpperCase(), pattern: `${IDENTITY_BASE_PATH}${route.path}` }))
	})
}
