import type { ServerTiming } from './timing.server.ts'

/**
 * What server.ts hands every loader and action. All optional: under `remix-serve`
 * (a deployment that brings its own API) there is no load context at all.
 */
declare module '@remix-run/node' {
	interface AppLoadContext {
		/** Nonce of this response's Content-Security-Policy, for inline and module scripts. */
		cspNonce?: string
		timing?: ServerTiming
		/** The embedded content API, called in-process (no HTTP hop): a Request in, its JSON Response out. */
		apiFetch?: (request: Request) => Promise<Response>
		/** Names the signed-in reader (the token's subject) on this request's log line. */
		noteReader?: (userId: string) => void
	}
}

export {}
