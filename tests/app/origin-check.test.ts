import { describe, expect, test } from 'vitest'
import { isSameOriginRequest } from '../../app/lib/origin-check.ts'
import { applyQueuedCookies, queueSetCookie, replaceSetCookie } from '../../app/lib/response-cookies.server.ts'

describe('the Origin check on requests that change something', () => {
	const allowed = ['http://127.0.0.1:3000', 'https://www.globalwaterintel.example']
	const check = (method: string, origin?: string | null, referer?: string | null) => isSameOriginRequest({ method, origin, referer, allowed })

	test('reads pass whatever their origin', () => {
		expect(check('GET', 'https://evil.example')).toBe(true)
		expect(check('HEAD', 'https://evil.example')).toBe(true)
	})

	test('a post from our own pages passes, from another site or an opaque origin it does not', () => {
		expect(check('POST', 'http://127.0.0.1:3000')).toBe(true)
		expect(check('POST', 'https://www.globalwaterintel.example')).toBe(true)
		expect(check('POST', 'https://evil.example')).toBe(false)
		expect(check('PUT', 'http://127.0.0.1:3001')).toBe(false)
		expect(check('POST', 'null')).toBe(false)
	})

	test('without Origin the Referer decides; with neither it is not a browser form', () => {
		expect(check('POST', null, 'https://evil.example/page')).toBe(false)
		expect(check('POST', null, 'http://127.0.0.1:3000/profile')).toBe(true)
		expect(check('POST', null, 'not a url')).toBe(false)
		expect(check('POST', null, null)).toBe(true)
	})
})

describe('cookies set on the way (a renewed session)', () => {
	test("server.ts's hook keeps one header per cookie name, the latest", () => {
		expect(replaceSetCookie(undefined, 'a=1; Path=/')).toEqual(['a=1; Path=/'])
		expect(replaceSetCookie(['a=1', 'b=2'], 'a=3')).toEqual(['b=2', 'a=3'])
		expect(replaceSetCookie('b=2', 'a=3')).toEqual(['b=2', 'a=3'])
	})

	test("without the hook they wait for entry.server.tsx, which never overrides the route's own", () => {
		const context = {}
		queueSetCookie(context, '__session=renewed; Path=/')
		queueSetCookie(context, 'gwi_x=1; Path=/')
		const headers = new Headers()
		headers.append('Set-Cookie', 'gwi_x=route; Path=/')
		applyQueuedCookies(context, headers)
		expect(headers.getSetCookie()).toEqual(['gwi_x=route; Path=/', '__session=renewed; Path=/'])
		// Applied once.
		const again = new Headers()
		applyQueuedCookies(context, again)
		expect(again.getSetCookie()).toEqual([])
	})
})
