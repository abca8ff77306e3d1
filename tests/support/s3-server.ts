/**
 * A tiny S3-compatible server for the storage tests, in process on the loopback address:
 * GET, HEAD and PUT Object in path style (`/{bucket}/{key}`), objects kept in memory. Like
 * S3 it refuses any request whose AWS Signature Version 4 does not verify against its key
 * pairs (403 SignatureDoesNotMatch), a PUT whose body does not match its signed
 * x-amz-content-sha256, and short-lived keys without their signed session token. The
 * verification is written here from the AWS documentation, independently of the AWS SDK the site uses (backend/files/s3-storage.ts), so the client is
 * checked against a second reading of the same rules.
 */
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type S3TestServer = {
	endpoint: string
	bucket: string
	region: string
	accessKeyId: string
	secretAccessKey: string
	/** Short-lived credentials (as a role gives): accepted only with their session token, signed. */
	temporary: { accessKeyId: string; secretAccessKey: string; sessionToken: string }
	objects: Map<string, { body: Buffer; contentType: string | undefined }>
	/** Every request answered: method, key and status. */
	log: { method: string; key: string; status: number }[]
	close: () => Promise<void>
}

const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex')
const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac('sha256', key).update(data).digest()
const encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)

type Credentials = { accessKeyId: string; secretAccessKey: string; sessionToken?: string }

function verifySignature(request: http.IncomingMessage, body: Buffer, expectedRegion: string, keyPairs: Credentials[]): string | null {
	const authorization = request.headers.authorization ?? ''
	const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(authorization)
	if (!match) return 'malformed Authorization'
	const [, keyId, day, region, signedHeaders, signature] = match as unknown as [string, string, string, string, string, string]
	const credentials = keyPairs.find((pair) => pair.accessKeyId === keyId)
	if (!credentials || region !== expectedRegion) return 'unknown credential'
	// Short-lived keys are worthless without their token, which the signature must cover.
	if (credentials.sessionToken && (request.headers['x-amz-security-token'] !== credentials.sessionToken || !signedHeaders.split(';').includes('x-amz-security-token'))) return 'missing session token'
	const amzDate = String(request.headers['x-amz-date'] ?? '')
	if (!amzDate.startsWith(day)) return 'date mismatch'
	const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '')
	if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return 'payload hash mismatch'
	const url = new URL(request.url ?? '/', 'http://s3.test')
	const query = [...url.searchParams.entries()]
		.map(([name, value]) => `${encode(name)}=${encode(value)}`)
		.sort()
		.join('&')
	const headerLines = signedHeaders
		.split(';')
		.map((name) => `${name}:${String(request.headers[name] ?? '').trim()}\n`)
		.join('')
	// The path exactly as sent: S3 signs the URI-encoded path once.
	const canonical = [request.method, url.pathname, query, headerLines, signedHeaders, payloadHash].join('\n')
	const toSign = ['AWS4-HMAC-SHA256', amzDate, `${day}/${region}/s3/aws4_request`, sha256(canonical)].join('\n')
	const key = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), region), 's3'), 'aws4_request')
	const expected = crypto.createHmac('sha256', key).update(toSign).digest('hex')
	return crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature)) ? null : 'signature mismatch'
}

export async function startS3TestServer(): Promise<S3TestServer> {
	const credentials = { accessKeyId: 'AKIDTESTSTORAGE0001', secretAccessKey: crypto.randomBytes(30).toString('base64'), region: 'eu-west-2' }
	const temporary = { accessKeyId: 'ASIATESTSTORAGE0002', secretAccessKey: crypto.randomBytes(30).toString('base64'), sessionToken: crypto.randomBytes(48).toString('base64') }
	const bucket = 'gwi-documents'
	const objects: S3TestServer['objects'] = new Map()
	const log: S3TestServer['log'] = []
	const server = http.createServer((request, response) => {
		const chunks: Buffer[] = []
		request.on('data', (chunk: Buffer) => chunks.push(chunk))
		request.on('end', () => {
			const body = Buffer.concat(chunks)
			const path = new URL(request.url ?? '/', 'http://s3.test').pathname
			const key = decodeURIComponent(path.slice(`/${bucket}/`.length))
			const answer = (status: number, code?: string, headers: Record<string, string> = {}, payload?: Buffer) => {
				log.push({ method: request.method ?? '', key, status })
				response.writeHead(status, code ? { 'Content-Type': 'application/xml' } : headers)
				response.end(code ? `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>` : request.method === 'HEAD' ? undefined : payload)
			}
			if (!path.startsWith(`/${bucket}/`)) return answer(404, 'NoSuchBucket')
			if (verifySignature(request, body, credentials.region, [credentials, temporary])) return answer(403, 'SignatureDoesNotMatch')
			if (request.method === 'PUT') {
				objects.set(key, { body, contentType: request.headers['content-type'] })
				return answer(200, undefined, { ETag: `"${sha256(body).slice(0, 32)}"` })
			}
			if (request.method === 'GET' || request.method === 'HEAD') {
				const object = objects.get(key)
				if (!object) return answer(404, 'NoSuchKey')
				return answer(200, undefined, { 'Content-Type': object.contentType ?? 'application/octet-stream', 'Content-Length': String(object.body.length) }, object.body)
			}
			return answer(405, 'MethodNotAllowed')
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	return {
		endpoint: `http://127.0.0.1:${port}`,
		bucket,
		...credentials,
		temporary,
		objects,
		log,
		close: () => new Promise((resolve) => server.close(() => resolve())),
	}
}
