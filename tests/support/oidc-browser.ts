/**
 * Drives the embedded identity provider the way a browser without scripts would: plain
 * GETs and form POSTs over real HTTP, redirects followed by hand, cookies kept per name.
 * For tests of the provider (tests/api/identity-provider.test.ts) and the site's sign-in.
 */
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import type Provider from 'oidc-provider'
import type { Db } from '../../backend/db/client.ts'
import { applyTrustProxy } from '../../backend/http/forwarded.ts'
import { mountIdentityProvider } from '../../backend/identity/index.ts'
import type { Message } from '../../backend/identity/mailer.ts'
import { SIGN_IN_PROMPT, SIGN_IN_SCOPES } from '../../contract/sign-in.ts'

export const TEST_CLIENT = { clientId: 'test-site', clientSecret: 'test-site-secret-0123456789', redirectUris: ['http://localhost:3000/auth/callback'] }

/** The provider on an ephemeral port, as server.ts mounts it; mail is kept in `outbox`. */
export async function startIdentityServer(db: Db, { trustProxy }: { trustProxy?: string } = {}) {
	const app = express()
	applyTrustProxy(app, trustProxy)
	const outbox: Message[] = []
	const provider: Provider = await mountIdentityProvider(app, {
		db,
		stylesheets: async () => ['/assets/test.css'],
		client: TEST_CLIENT,
		sessionSecret: 'test-session-secret-0123456789',
		mailer: { send: async (message) => void outbox.push(message) },
	})
	const server = http.createServer(app)
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	return { origin, provider, outbox, tokenEndpoint: `${origin}/oidc/token`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

export type Page = { status: number; location: string | null; text: string; url: string }

export class Browser {
	private cookies = new Map<string, string>()
	constructor(readonly origin: string) {}

	/** One cookie as `name=value` for a request's Cookie header, or null when the browser has none. */
	cookie(name: string): string | null {
		const value = this.cookies.get(name)
		return value === undefined ? null : `${name}=${value}`
	}

	private remember(response: Response) {
		for (const header of response.headers.getSetCookie()) {
			const [pair] = header.split(';')
			const name = pair.slice(0, pair.indexOf('='))
			const value = pair.slice(pair.indexOf('=') + 1)
			if (/expires=Thu, 01 Jan 1970/i.test(header) || value === '') this.cookies.delete(name)
			else this.cookies.set(name, value)
		}
	}

	async request(url: string, init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<Page> {
		const absolute = new URL(url, this.origin).href
		const response = await fetch(absolute, {
			method: init.method ?? (init.form ? 'POST' : 'GET'),
			redirect: 'manual',
			headers: {
				Cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
				...(init.form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
				...init.headers,
			},
			body: init.form ? new URLSearchParams(init.form) : undefined,
		})
		this.remember(response)
		const location = response.headers.get('Location')
		return { status: response.status, location: location ? new URL(location, absolute).href : null, text: await response.text(), url: absolute }
	}

	/** Follows redirects within the provider; stops at the first page, or at a redirect off it. */
	async follow(url: string, init: { form?: Record<string, string> } = {}): Promise<Page> {
		let page = await this.request(url, init)
		while (page.location && page.location.startsWith(this.origin)) page = await this.request(page.location)
		return page
	}
}

/** The form action and hidden inputs of the page's first form posting to a path containing `path`. */
export function formAction(html: string, path: string): string {
	const match = [...html.matchAll(/<form method="post" action="([^"]+)"/g)].find(([, action]) => action.includes(path))
	if (!match) throw new Error(`no form posting to ${path} in:\n${html.slice(0, 2000)}`)
	return match[1].replace(/&amp;/g, '&')
}

export function pkce() {
	const verifier = crypto.randomBytes(32).toString('base64url')
	const challenge = crypto.createHash('sha256').update(verifier).digest('base64url')
	return { verifier, challenge }
}

/** The site's authorization request, as app/lib/auth.server.ts makes it. */
export function authorizationUrl(origin: string, { state, challenge }: { state: string; challenge: string }) {
	const params = new URLSearchParams({
		response_type: 'code',
		client_id: TEST_CLIENT.clientId,
		redirect_uri: TEST_CLIENT.redirectUris[0],
		state,
		code_challenge: challenge,
		code_challenge_method: 'S256',
		scope: SIGN_IN_SCOPES.join(' '),
		prompt: SIGN_IN_PROMPT,
	})
	return `${origin}/oidc/auth?${params}`
}

const basicAuth = `Basic ${Buffer.from(`${TEST_CLIENT.clientId}:${TEST_CLIENT.clientSecret}`).toString('base64')}`

export async function tokenRequest(origin: string, body: Record<string, string>) {
	const response = await fetch(`${origin}/oidc/token`, {
		method: 'POST',
		headers: { Authorization: basicAuth, 'Content-Type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams(body),
	})
	return { status: response.status, body: (await response.json()) as Record<string, any> }
}

export async function revoke(origin: string, token: string) {
	const response = await fetch(`${origin}/oidc/token/revocation`, {
		method: 'POST',
		headers: { Authorization: basicAuth, 'Content-Type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({ token }),
	})
	return response.status
}

/** Signs in through the sign-in page and exchanges the code: what the site's callback does. */
export async function signInForTokens(origin: string, email: string, password: string) {
	const browser = new Browser(origin)
	const { verifier, challenge } = pkce()
	const state = crypto.randomBytes(8).toString('hex')
	const signInPage = await browser.follow(authorizationUrl(origin, { state, challenge }))
	const done = await browser.follow(formAction(signInPage.text, '/login'), { form: { email, password } })
	if (!done.location?.startsWith(TEST_CLIENT.redirectUris[0])) throw new Error(`sign-in did not return to the site: ${done.status} ${done.text.slice(0, 500)}`)
	const callback = new URL(done.location)
	if (callback.searchParams.get('state') !== state) throw new Error('state changed')
	const tokens = await tokenRequest(origin, { grant_type: 'authorization_code', code: callback.searchParams.get('code')!, code_verifier: verifier, redirect_uri: TEST_CLIENT.redirectUris[0] })
	return { browser, tokens: tokens.body }
}
