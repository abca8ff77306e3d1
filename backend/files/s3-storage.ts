/**
 * Document storage in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...), used when
 * S3_BUCKET is set: three calls (GET, HEAD and PUT Object) through the AWS SDK's S3 client
 * (docs/decisions/0035-many-hosts-one-postgresql.md), so credentials come from the SDK's
 * standard chain: the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN),
 * shared config and credentials files (AWS_PROFILE), web identity, and the container's or the
 * instance's role; short-lived credentials are renewed by the SDK. S3_ACCESS_KEY_ID and
 * S3_SECRET_ACCESS_KEY, when given, are used instead. Downloads stream the bucket's answer
 * straight through.
 *
 * Addressing: with S3_ENDPOINT (any S3-compatible service) path-style,
 * `{endpoint}/{bucket}/{key}`, which they all accept; without it AWS's virtual-hosted style,
 * `https://{bucket}.s3.{region}.amazonaws.com/{key}`.
 */
import { Readable } from 'node:stream'
import type { S3Client, S3ServiceException } from '@aws-sdk/client-s3'
import { isSafeStoredName, storedKey, UnsafeFileName, type FileStorage } from './stored-name.ts'

export type S3Config = {
	bucket: string
	endpoint?: string
	region: string
	/** Explicit keys (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY); without them, the SDK's credential chain. */
	credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string }
}

/** How long connecting to the bucket, or a pause in its answer, may last before the download fails instead of hanging. */
export const S3_REQUEST_TIMEOUT_MS = 15_000

export class S3Error extends Error {
	constructor(
		readonly status: number,
		message: string,
	) {
		super(message)
	}
}

/**
 * One client per configuration, made on first use: the SDK is loaded only by a site that
 * stores in a bucket (it is not in the demo's start), and one client keeps its connections
 * and its resolved credentials (a role's are fetched once and renewed, not per request).
 */
const clients = new Map<string, Promise<S3Client>>()

function clientFor(config: S3Config): Promise<S3Client> {
	const key = JSON.stringify(config)
	let client = clients.get(key)
	if (!client) {
		client = import('@aws-sdk/client-s3').then(
			({ S3Client }) =>
				new S3Client({
					region: config.region,
					...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
					...(config.credentials ? { credentials: config.credentials } : {}),
					requestHandler: { connectionTimeout: S3_REQUEST_TIMEOUT_MS, requestTimeout: S3_REQUEST_TIMEOUT_MS },
				}),
		)
		clients.set(key, client)
	}
	return client
}

const statusOf = (error: unknown) => (error as Partial<S3ServiceException>)?.$metadata?.httpStatusCode

/** The SDK's error as ours: the status and S3's code, never the request's credentials. */
function failure(error: unknown, what: string): S3Error {
	const status = statusOf(error)
	const code = error instanceof Error ? error.name : 'Error'
	return new S3Error(status ?? 502, `S3 ${what} answered ${status ?? 'nothing'} ${code}`)
}

export function createS3Storage(config: S3Config): FileStorage {
	const base = config.endpoint ? `${config.endpoint.replace(/\/+$/, '')}/${config.bucket}/` : `https://${config.bucket}.s3.${config.region}.amazonaws.com/`
	const keyOf = (name: string) => {
		if (!isSafeStoredName(name)) throw new UnsafeFileName(name)
		return storedKey(name)
	}
	return {
		kind: 's3',
		location: base,
		async open(name) {
			if (!isSafeStoredName(name)) return null
			const [{ GetObjectCommand }, client] = await Promise.all([import('@aws-sdk/client-s3'), clientFor(config)])
			try {
				const answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: keyOf(name) }))
				const body = answer.Body
				if (!(body instanceof Readable)) throw new S3Error(502, `S3 GET ${name} answered without a body`)
				return { size: answer.ContentLength ?? null, stream: () => Readable.toWeb(body) as ReadableStream<Uint8Array> }
			} catch (error) {
				if (statusOf(error) === 404) return null
				throw error instanceof S3Error ? error : failure(error, `GET ${name}`)
			}
		},
		async exists(name) {
			if (!isSafeStoredName(name)) return false
			const [{ HeadObjectCommand }, client] = await Promise.all([import('@aws-sdk/client-s3'), clientFor(config)])
			try {
				await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: keyOf(name) }))
				return true
			} catch (error) {
				if (statusOf(error) === 404) return false
				throw failure(error, `HEAD ${name}`)
			}
		},
		async put(name, bytes, contentType) {
			const key = keyOf(name)
			const [{ PutObjectCommand }, client] = await Promise.all([import('@aws-sdk/client-s3'), clientFor(config)])
			try {
				await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: key, Body: bytes, ContentType: contentType }))
			} catch (error) {
				throw failure(error, `PUT ${name}`)
			}
		},
	}
}
