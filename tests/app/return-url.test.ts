import { describe, expect, test } from 'vitest'
import { loginUrl, safeReturnUrl } from '../../app/lib/return-url.ts'
import * as banners from '../../app/routes/banners.tsx'
import * as consent from '../../app/routes/consent.tsx'
import * as ipLogin from '../../app/routes/ip-login.tsx'
import { useTestDatabase } from '../support/database.ts'
import { loaderArgs, siteContext } from '../support/site.ts'

test.each([
	['/profile', '/profile'],
	['/search?searchTerm=desal&sortBy=Relevance', '/search?searchTerm=desal&sortBy=Relevance'],
	['/articles/x#comments', '/articles/x#comments'],
])('keeps the same-origin path %s', (input, expected) => {
	expect(safeReturnUrl(input)).toBe(expected)
})

test.each([
	['https://evil.example/'],
	['//evil.example/path'],
	['/\\evil.example'],
	['\\\\evil.example'],
	['javascript:alert(1)'],
	['profile'],
	['/\tevil'],
	[''],
	[null],
	[42],
])('rejects %j', (input) => {
	expect(safeReturnUrl(input)).toBe('/')
	expect(safeReturnUrl(input, '/home')).toBe('/home')
})

/**
 * Paths that pass a text check for `//` but resolve (dot segments,
 * percent-encoded dots, backslashes) to `//evil.example`, which a browser reads as a host.
 */
const BYPASSES = ['/.//evil.example', '/..//evil.example', '/x/..//evil.example', '/%2e//evil.example', '/%2E%2E//evil.example', '/x/%2e%2e//evil.example', '/.\\/evil.example', '/\\/evil.example', '/./\\evil.example', '\\/evil.example', '/.//\\evil.example']

/** What a browser would do with the answer's Location header, standing on the site. */
const browserTarget = (location: string) => new URL(location, 'http://localhost:3000/here').origin

test.each(BYPASSES)('never answers a path a browser reads as another host: %s', (input) => {
	const kept = safeReturnUrl(input)
	expect(browserTarget(kept)).toBe('http://localhost:3000')
	expect(kept.startsWith('//')).toBe(false)
})

test('keeps an absolute address only on the site origin it is given', () => {
	expect(safeReturnUrl('http://localhost:3000/profile?x=1#y', '/', 'http://localhost:3000')).toBe('/profile?x=1#y')
	expect(safeReturnUrl('http://localhost:3001/profile', '/', 'http://localhost:3000')).toBe('/')
	expect(safeReturnUrl('/.//evil.example', '/', 'http://localhost:3000')).toBe('/evil.example')
})

test('the login address is built in one place and carries a safe return address', () => {
	expect(loginUrl('/search?searchTerm=desal')).toBe('/login?returnUrl=%2Fsearch%3FsearchTerm%3Ddesal')
	expect(loginUrl('/.//evil.example')).toBe('/login?returnUrl=%2Fevil.example')
	expect(loginUrl('/profile', 'http://localhost:3000')).toBe('http://localhost:3000/login?returnUrl=%2Fprofile')
})

describe('every route that reads a return address', () => {
	const database = useTestDatabase()
	const db = () => database.db
	const site = 'http://localhost:3000'

	test.each(BYPASSES)('/ip-login?returnUrl=%s stays on the site', async (input) => {
		const response = (await ipLogin.loader(loaderArgs(db(), `/ip-login?returnUrl=${encodeURIComponent(input)}`))) as Response
		expect(response.status).toBe(302)
		expect(browserTarget(response.headers.get('Location')!)).toBe(site)
	})

	test.each(BYPASSES)('POST /banners with returnUrl=%s stays on the site', async (input) => {
		const body = new FormData()
		body.set('returnUrl', input)
		const response = (await banners.action({ request: new Request(`${site}/banners`, { method: 'POST', body }), context: siteContext(db()), params: {} })) as Response
		expect(browserTarget(response.headers.get('Location')!)).toBe(site)
	})

	test.each(BYPASSES)('POST /consent with returnUrl=%s stays on the site', async (input) => {
		const body = new FormData()
		body.set('intent', 'accept-all')
		body.set('returnUrl', input)
		const response = (await consent.action({ request: new Request(`${site}/consent`, { method: 'POST', body }), context: siteContext(db()), params: {} })) as Response
		expect(browserTarget(response.headers.get('Location')!)).toBe(site)
	})
})
