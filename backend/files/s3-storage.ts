/**
 * Document storage in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...), used when
 * S3_BUCKET is set. Three calls of the S3 REST API (GET, HEAD and PUT Object), each signed
 * with AWS Signature Version 4 here with node:crypto: no SDK for three requests. Downloads
 * stream the bucket's answer straight through.
 *
 * Addressing: with S3_ENDPOINT (any S3-compatible service) path-style,
 * `{endpoint}/{bucket}/{key}`, which they all accept; without it AWS's virtual-hosted style,
 * `https://{bucket}.s3.{region}.amazonaws.com/{key}`.
 */
import crypto from 'node:crypto'
import { isSafeStoredName, storedKey, UnsafeFileName, type FileStorage } from './stored-name.ts'

export type S3Config = { bucket: string; endpoint?: string; region: string; accessKeyId: string; secretAccessKey: string }

/** How long one bucket request may take before the download fails instead of hanging. */
export const S3_REQUEST_TIMEOUT_MS = 15_000

const sha256Hex = (data: string | Uint8Array) => crypto.createHash('sha256').update(data).digest('hex')
const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac('sha256', key).update(data).digest()

/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters, '/' kept in paths. */
export function uriEncode(text: string, keepSlash: boolean): string {
	return Array.from(new TextEncoder().encode(text), (byte) => {
		const char = String.fromCharCode(byte)
		if (/[A-Za-z0-9\-._~]/.test(char) || (keepSlash && char === '/')) return char
		return `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
	}).join('')
}

export type SigningInput = {
	method: string
	url: URL
	/** Headers to sign besides host, x-amz-date and x-amz-content-sha256 (lower-case names). */
	headers?: Record<string, string>
	/** The body's SHA-256 in hex (or 'UNSIGNED-PAYLOAD'). */
	payloadHash: string
	now: Date
	region: string
	accessKeyId: string
	secretAccessKey: string
	service?: string
}

/**
 * AWS Signature Version 4 (docs.aws.amazon.com, "Signing AWS API requests"): the canonical
 * request, the string to sign, the derived signing key, and the headers to send
 * (Authorization, x-amz-date, x-amz-content-sha256). S3 paths are encoded once, not twice.
 */
export function signRequest({ method, url, headers = {}, payloadHash, now, region, accessKeyId, secretAccessKey, service = 's3' }: SigningInput): Record<string, string> {
	const amzDate = now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')
	const day = amzDate.slice(0, 8)
	const all: Record<string, string> = { ...Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value])), host: url.host, 'x-amz-content-sha256': payloadHash, 'x-amz-date': amzDate }
	const names = Object.keys(all).sort()
	const canonicalHeaders = names.map((name) => `${name}:${all[name]!.trim().replace(/\s+/g, ' ')}\n`).join('')
	const signedHeaders = names.join(';')
	const query = [...url.searchParams.entries()]
		.map(([name, value]) => [uriEncode(name, false), uriEncode(value, false)] as const)
		.sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
		.map(([name, value]) => `${name}=${value}`)
		.join('&')
	const path = uriEncode(decodeURIComponent(url.pathname), true)
	const canonicalRequest = [method, path, query, canonicalHeaders, signedHeaders, payloadHash].join('\n')
	const scope = `${day}/${region}/${service}/aws4_request`
	const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n')
	const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), service), 'aws4_request')
	const signature = crypto.createHmac('sha256', signingKey).update(stringToSign).digest('hex')
	const { host: _host, ...sent } = all
	return { ...sent, authorization: `AWS4-HMAC-SHA256 Credential=${accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}` }
}

export class S3Error extends Error {
	constructor(
		readonly status: number,
		message: string,
	) {
		super(message)
	}
}

export function createS3Storage(config: S3Config): FileStorage {
	const base = config.endpoint ? `${config.endpoint.replace(/\/+$/, '')}/${config.bucket}/` : `https://${config.bucket}.s3.${config.region}.amazonaws.com/`
	const objectUrl = (name: string) => {
		if (!isSafeStoredName(name)) throw new UnsafeFileName(name)
		return new URL(uriEncode(storedKey(name), true), base)
	}
	const send = async (method: 'GET' | 'HEAD' | 'PUT', name: string, { body, contentType }: { body?: Uint8Array; contentType?: string } = {}) => {
		const url = objectUrl(name)
		const payloadHash = sha256Hex(body ?? new Uint8Array())
		const headers = signRequest({ method, url, headers: contentType ? { 'content-type': contentType } : {}, payloadHash, now: new Date(), region: config.region, accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey })
		return fetch(url, { method, headers, body: body?.slice(), signal: AbortSignal.timeout(S3_REQUEST_TIMEOUT_MS) })
	}
	const failure = async (response: Response, what: string) => {
		const text = await response.text().catch(() => '')
		const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1]
		return new S3Error(response.status, `S3 ${what} answered ${response.status}${code ? ` ${code}` : ''}`)
	}
	return {
		kind: 's3',
		location: base,
		async open(name) {
			if (!isSafeStoredName(name)) return null
			const response = await send('GET', name)
			if (response.status === 404) {
				await response.body?.cancel()
				return null
			}
			if (!response.ok || !response.body) throw await failure(response, `GET ${name}`)
			const length = response.headers.get('content-length')
			const body = response.body
			return { size: length !== null && /^\d+$/.test(length) ? Number(length) : null, stream: () => body }
		},
		async exists(name) {
			if (!isSafeStoredName(name)) return false
			const response = await send('HEAD', name)
			if (response.status === 404) return false
			if (!response.ok) throw await failure(response, `HEAD ${name}`)
			return true
		},
		async put(name, bytes, contentType) {
			const response = await send('PUT', name, { body: bytes, contentType })
			if (!response.ok) throw await failure(response, `PUT ${name}`)
			await response.body?.cancel()
		},
	}
}
