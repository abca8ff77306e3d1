/**
 * Calls the site's loaders the way server.ts does: with the embedded content API over the
 * test file's own database, in-process, with one memo of the reader per context (a page).
 */
import type { AppLoadContext } from '@remix-run/node'
import { ServerTiming } from '../../app/lib/timing.server.ts'
import { createApi, pageApiFetch } from '../../backend/api/index.ts'
import { hotDataFor } from '../../backend/api/hot-data.ts'
import type { Db } from '../../backend/db/client.ts'

export function siteContext(db: Db): AppLoadContext {
	// Each loader call meets the API as a newly started server would: nothing kept from the
	// calls before (tests change rows behind the API's back between calls).
	hotDataFor(db).invalidate()
	const api = createApi({ db })
	return { cspNonce: 'test-nonce', timing: new ServerTiming(), apiFetch: pageApiFetch(api) }
}

export const SITE = 'http://localhost:3000'

export function loaderArgs(db: Db, path: string, params: Record<string, string> = {}, init: RequestInit = {}) {
	return { request: new Request(`${SITE}${path}`, init), context: siteContext(db), params }
}

/** Remix loaders return `data()` objects with single fetch; read the payload and headers. */
export function unwrap<T>(result: unknown): { data: T; headers: Headers; status: number } {
	const value = result as { type?: string; data?: T; init?: ResponseInit | null }
	if (value && value.type === 'DataWithResponseInit') {
		return { data: value.data as T, headers: new Headers(value.init?.headers), status: value.init?.status ?? 200 }
	}
	return { data: result as T, headers: new Headers(), status: 200 }
}

/** Runs a loader expected to throw a Response or `data()` error and returns what it threw. */
export async function thrown(promise: Promise<unknown>) {
	try {
		await promise
	} catch (error) {
		if (error instanceof Response) return { status: error.status, headers: error.headers, data: await error.text() }
		const value = error as { type?: string; data?: unknown; init?: ResponseInit | null }
		if (value?.type === 'DataWithResponseInit') return { status: value.init?.status ?? 500, headers: new Headers(value.init?.headers), data: value.data }
		throw error
	}
	throw new Error('expected the loader to throw')
}
