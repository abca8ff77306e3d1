/**
 * The origin's own copy of anonymous pages: what a CDN in front would keep, kept
 * in process, with the same rules the CDN gets from the page's `Cache-Control`
 * (docs/decisions/0003): fresh for `s-maxage`, then served stale for up to
 * `stale-while-revalidate` while one request renders it afresh.
 *
 * Only what is the same for everyone who sends the same request is kept:
 * - a request carrying the session cookie is never looked up nor stored (a signed-in page
 *   must never reach anyone else, nor be answered from a visitor's copy);
 * - a response is stored only when it is a 200 the page itself declared `public` with an
 *   `s-maxage`, and sets no cookie;
 * - the key is everything a loader reads of an anonymous request: host, address (path and
 *   query), the whole Cookie header (consent, closed notices, anything a page may read) and
 *   whether the reader is a crawler (crawlers get the whole document at once).
 *
 * The page's CSP nonce is in its HTML, so a copy is answered with the nonce it was rendered
 * with (as a CDN's copy is). A change of shared content (a write through the API that is not
 * the reader's own: backend/api/index.ts changesSharedData) empties the cache at its start and
 * at its end, here and in the other workers (server.ts), and a render that began before a
 * change is not stored. A reader's own posts (consent, sign-in, unlocks) leave it alone: what
 * they change is in the reader's cookies, which are part of the key.
 */
import zlib from 'node:zlib'
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { isbot } from 'isbot'
import { LRUCache } from 'lru-cache'

export const PAGE_CACHE_HEADER = 'X-Page-Cache'
/** Our choice: bounds of one process's copy (pages are 10–110 KB uncompressed). */
export const PAGE_CACHE_LIMITS = { maxEntries: 2_000, maxBytes: 64 * 1024 * 1024 } as const
const SESSION_COOKIE_PREFIX = '__session='
/** Requests that change nothing: only these are answered from the cache. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** Headers every response gets anew (the nonce's CSP, compression, framing, the request's id), never replayed. */
const NOT_REPLAYED = new Set(['x-request-id', 'content-security-policy', 'content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date', 'set-cookie', 'server-timing', 'etag'])

type Entry = {
	status: number
	headers: [string, string | string[]][]
	body: Buffer
	nonce: string
	storedAt: number
	freshUntil: number
	staleUntil: number
	revalidating: boolean
	/** The body compressed once, on the first hit that accepts each encoding (not again on every hit). */
	encoded: Partial<Record<CopyEncoding, Buffer>>
}

type CopyEncoding = 'br' | 'gzip'
/** Once per copy, so worth more effort than the streaming compression of a fresh render. */
const ENCODERS: Record<CopyEncoding, (body: Buffer) => Buffer> = {
	br: (body) => zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
	gzip: (body) => zlib.gzipSync(body, { level: 9 }),
}

type Locals = { cspNonce?: string; pageCacheKey?: string; pageCacheHit?: Entry }

/** `s-maxage` and `stale-while-revalidate` of a public Cache-Control, in ms; null when it may not be shared. */
export function sharedLifetime(cacheControl: string | undefined): { freshMs: number; staleMs: number } | null {
	if (!cacheControl) return null
	const directives = new Map(
		cacheControl
			.toLowerCase()
			.split(',')
			.map((part): [string, string | undefined] => {
				const [name, value] = part.trim().split('=')
				return [name ?? '', value]
			}),
	)
	if (!directives.has('public') || directives.has('private') || directives.has('no-store')) return null
	const seconds = (name: string) => Number(directives.get(name) ?? 0) || 0
	const freshMs = seconds('s-maxage') * 1000
	if (freshMs <= 0) return null
	return { freshMs, staleMs: seconds('stale-while-revalidate') * 1000 }
}

/** What makes two anonymous requests get the same page; null for a signed-in reader. */
export function pageCacheKey(req: Pick<Request, 'method' | 'originalUrl' | 'headers'>): string | null {
	if (req.method !== 'GET' && req.method !== 'HEAD') return null
	const cookie = req.headers.cookie ?? ''
	if (cookie.includes(SESSION_COOKIE_PREFIX)) return null
	const cookies = cookie
		.split(';')
		.map((part) => part.trim())
		.filter(Boolean)
		.sort()
		.join('; ')
	const crawler = isbot(req.headers['user-agent'] ?? '') ? 'crawler' : 'browser'
	return `${req.headers.host ?? ''}\n${req.originalUrl}\n${crawler}\n${cookies}`
}

export type PageCache = ReturnType<typeof createPageCache>

export function createPageCache({ now = Date.now }: { now?: () => number } = {}) {
	/** The least recently answered copy leaves first once either bound is passed (its compressed copies count too). */
	const entries = new LRUCache<string, Entry>({
		max: PAGE_CACHE_LIMITS.maxEntries,
		maxSize: PAGE_CACHE_LIMITS.maxBytes,
		sizeCalculation: (entry) => entry.body.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0) || 1,
	})
	/** Bumped by every change: a render that started under an older generation is not stored. */
	let generation = 0

	/** Empties the cache (this process only; server.ts tells the others). */
	function clear() {
		generation++
		entries.clear()
	}

	/**
	 * Before the CSP is written: finds the copy and gives the response the copy's nonce.
	 * A copy past its freshness is handed to everyone but one request, which renders it afresh.
	 */
	const lookup: RequestHandler = (req, res, next) => {
		// A change of what visitors see goes through the API, which empties the cache (server.ts).
		if (!SAFE_METHODS.has(req.method)) return next()
		const key = pageCacheKey(req)
		if (!key) return next()
		const locals = res.locals as Locals
		locals.pageCacheKey = key
		const entry = entries.peek(key)
		const time = now()
		if (!entry || time >= entry.staleUntil) return next()
		if (time >= entry.freshUntil && !entry.revalidating) {
			entry.revalidating = true
			// Should this render fail or not be stored, the next request tries again.
			res.on('close', () => {
				if (entries.peek(key) === entry) entry.revalidating = false
			})
			return next()
		}
		// Answered: now the most recently used.
		entries.get(key)
		locals.pageCacheHit = entry
		locals.cspNonce = entry.nonce
		next()
	}

	/** Where the page would be rendered: answers a copy, or records the page as it is written. */
	const serve: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
		const locals = res.locals as Locals
		const hit = locals.pageCacheHit
		if (hit) {
			for (const [name, value] of hit.headers) res.setHeader(name, value)
			res.setHeader(PAGE_CACHE_HEADER, 'hit')
			res.setHeader('Age', String(Math.floor((now() - hit.storedAt) / 1000)))
			res.setHeader('Server-Timing', 'cache;desc="Page cache"')
			res.status(hit.status)
			const encoding = req.acceptsEncodings('br', 'gzip', 'identity')
			let body = hit.body
			if (encoding === 'br' || encoding === 'gzip') {
				let encoded = hit.encoded[encoding]
				if (!encoded) {
					encoded = hit.encoded[encoding] = ENCODERS[encoding](hit.body)
					// Stored again, so that the cache counts the compressed copy's bytes too.
					const key = locals.pageCacheKey ?? ''
					if (entries.peek(key) === hit) {
						entries.delete(key)
						entries.set(key, hit)
					}
				}
				body = encoded
				// Already encoded: the compression middleware leaves it as it is.
				res.setHeader('Content-Encoding', encoding)
			}
			res.vary('Accept-Encoding')
			res.setHeader('Content-Length', String(body.length))
			if (req.method === 'HEAD') return res.end()
			return res.end(body)
		}
		const key = locals.pageCacheKey
		if (!key || req.method !== 'GET') return next()
		res.setHeader(PAGE_CACHE_HEADER, 'miss')
		const startedIn = generation
		const nonce = locals.cspNonce ?? ''
		const chunks: Buffer[] = []
		const write = res.write.bind(res) as (...args: unknown[]) => boolean
		const end = res.end.bind(res) as (...args: unknown[]) => Response
		const keep = (chunk: unknown, encoding: unknown) => {
			if (chunk === undefined || chunk === null || typeof chunk === 'function') return
			if (Buffer.isBuffer(chunk)) chunks.push(chunk)
			else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk))
			else chunks.push(Buffer.from(String(chunk), (typeof encoding === 'string' ? encoding : 'utf8') as BufferEncoding))
		}
		res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
			keep(chunk, encoding)
			return write(chunk, encoding, callback)
		}) as Response['write']
		res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
			keep(chunk, encoding)
			return end(chunk, encoding, callback)
		}) as Response['end']
		res.on('finish', () => {
			if (generation !== startedIn || res.statusCode !== 200 || res.getHeader('set-cookie') !== undefined) return
			const lifetime = sharedLifetime(String(res.getHeader('cache-control') ?? ''))
			if (!lifetime) return
			const headers = Object.entries(res.getHeaders()).flatMap(([name, value]): [string, string | string[]][] =>
				value === undefined || NOT_REPLAYED.has(name) || name === PAGE_CACHE_HEADER.toLowerCase() ? [] : [[name, Array.isArray(value) ? value : String(value)]],
			)
			const storedAt = now()
			entries.set(key, { status: 200, headers, body: Buffer.concat(chunks), nonce, storedAt, freshUntil: storedAt + lifetime.freshMs, staleUntil: storedAt + lifetime.freshMs + lifetime.staleMs, revalidating: false, encoded: {} })
		})
		next()
	}

	return { lookup, serve, clear, get size() {
		return entries.size
	} }
}
