/**
 * The content API over the test file's own seeded database (useTestDatabase):
 *
 *   const { database, api, get } = useTestApi()
 *   test('...', async () => { const { status, body } = await get('/topics', token) })
 *
 * `api.request` is Hono's (for other methods, or with tests/support/api-identity.ts `call`);
 * `get` reads a GET as a visitor, or with a bearer token. A test that changes content behind
 * the API's back (SQL on `database.db`) calls `changedBehindTheApi()` before reading it again:
 * the API keeps public rows hot (backend/api/hot-data.ts), as it would for a script's change.
 */
import { beforeAll } from 'vitest'
import { createApi } from '../../backend/api/index.ts'
import { useTestDatabase } from './database.ts'

export function useTestApi() {
	const database = useTestDatabase()
	let app: ReturnType<typeof createApi> | undefined
	beforeAll(() => {
		app = createApi({ db: database.db })
	})
	const api = {
		request: (path: string, init?: RequestInit, env?: unknown) => {
			if (!app) throw new Error('useTestApi: the API exists once the file’s beforeAll has run')
			return app.request(path, init, env as never)
		},
	}
	async function get(path: string, token?: string, headers: Record<string, string> = {}) {
		const response = await api.request(path, { headers: { ...headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) } })
		return { status: response.status, headers: response.headers, text: await response.clone().text(), body: (await response.json()) as any }
	}
	const changedBehindTheApi = () => app?.hotData.invalidate()
	return { database, api, get, changedBehindTheApi }
}
