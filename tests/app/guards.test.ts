/** requireReader and requirePermission (app/lib/guards.server.ts): what each kind of reader gets. */
import { expect, test } from 'vitest'
import { requirePermission, requireReader } from '../../app/lib/guards.server.ts'
import { action as strategistView } from '../../app/routes/strategist-view.tsx'
import { useTestDatabase } from '../support/database.ts'
import { sessionCookieFor } from '../support/reader-session.ts'
import { SITE, siteContext, thrown } from '../support/site.ts'

const database = useTestDatabase()
const args = (path: string, cookie?: string, method = 'GET') => ({ request: new Request(`${SITE}${path}`, { method, headers: cookie ? { Cookie: cookie, Origin: SITE } : { Origin: SITE } }), context: siteContext(database.db) })

test('requireReader: a visitor signs in and comes back where they were going (or to redirectTo)', async () => {
	expect((await thrown(requireReader(args('/search?searchTerm=desal')))).headers.get('Location')).toBe('/login?returnUrl=%2Fsearch%3FsearchTerm%3Ddesal')
	expect((await thrown(requireReader(args('/profile'), { redirectTo: '/.//evil.example' }))).headers.get('Location')).toBe('/login?returnUrl=%2Fevil.example')
	expect(await requireReader(args('/profile', await sessionCookieFor(database.db, 'free@example.com')))).toMatchObject({ email: 'free@example.com' })
})

test('requirePermission: visitors sign in, readers without it get 403, holders go on', async () => {
	expect((await thrown(requirePermission(args('/x'), 'canChangeScreenView'))).headers.get('Location')).toBe('/login?returnUrl=%2Fx')
	expect((await thrown(requirePermission(args('/x', await sessionCookieFor(database.db, 'free@example.com')), 'canChangeScreenView'))).status).toBe(403)
	expect(await requirePermission(args('/x', await sessionCookieFor(database.db, 'staff@example.com')), 'canChangeScreenView')).toMatchObject({ email: 'staff@example.com' })
})

test('the screen switch sends everyone without edit:screen-view home, visitors included', async () => {
	for (const cookie of [undefined, await sessionCookieFor(database.db, 'free@example.com')]) {
		// Thrown or returned, Remix answers the same.
		const response = (await strategistView({ ...args('/strategist-view', cookie, 'POST'), params: {} }).catch((error: unknown) => error)) as Response
		expect(response.headers.get('Location')).toBe('/')
		expect(response.headers.get('Set-Cookie')).toBeNull()
	}
})
