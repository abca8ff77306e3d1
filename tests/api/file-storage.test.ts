/**
 * Document storage: one interface, two implementations — the local folder and an
 * S3-compatible bucket (tested against an in-process S3 server on the loopback address that
 * verifies every request's AWS Signature Version 4). Both keep the path guard; document
 * downloads stream from either.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLocalStorage } from '../../backend/files/local-storage.ts'
import { createS3Storage, S3Error } from '../../backend/files/s3-storage.ts'
import { fileStorageFromEnv } from '../../backend/files/storage.ts'
import { UnsafeFileName, type FileStorage } from '../../backend/files/stored-name.ts'
import { backendEnv } from '../../backend/env.ts'
import { tokenFor } from '../support/api-identity.ts'
import { startS3TestServer, type S3TestServer } from '../support/s3-server.ts'
import { useTestApi } from '../support/test-api.ts'

let s3: S3TestServer
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'gwi-storage-'))
beforeAll(async () => {
	s3 = await startS3TestServer()
})
afterAll(async () => {
	await s3?.close()
	fs.rmSync(folder, { recursive: true, force: true })
})

const bucketStorage = (secretAccessKey = s3.secretAccessKey) => createS3Storage({ bucket: s3.bucket, endpoint: s3.endpoint, region: s3.region, credentials: { accessKeyId: s3.accessKeyId, secretAccessKey } })
const text = async (storage: FileStorage, name: string) => {
	const file = await storage.open(name)
	return file ? { size: file.size, body: await new Response(file.stream()).text() } : null
}

/** Runs `body` with the AWS variables set as given (and no others of theirs), then puts the environment back. */
async function withAwsEnv(variables: Record<string, string>, body: () => Promise<void>) {
	const saved = { ...process.env }
	for (const name of Object.keys(process.env)) if (name.startsWith('AWS_') || name.startsWith('S3_')) delete process.env[name]
	// No file of this machine's user is read: only the ones a test names.
	Object.assign(process.env, { AWS_CONFIG_FILE: path.join(folder, 'no-config'), AWS_SHARED_CREDENTIALS_FILE: path.join(folder, 'no-credentials'), AWS_EC2_METADATA_DISABLED: 'true' }, variables)
	try {
		await body()
	} finally {
		for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name]
		Object.assign(process.env, saved)
	}
}

describe("credentials from the AWS SDK's chain (no S3_ACCESS_KEY_ID)", () => {
	// Each case names the bucket's address differently: a storage's client (and the credentials it resolved) is kept per configuration.
	test("the environment's short-lived keys with their session token (what a role gives)", async () => {
		await withAwsEnv(
			{ S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint, S3_REGION: s3.region, AWS_ACCESS_KEY_ID: s3.temporary.accessKeyId, AWS_SECRET_ACCESS_KEY: s3.temporary.secretAccessKey, AWS_SESSION_TOKEN: s3.temporary.sessionToken },
			async () => {
				const files = fileStorageFromEnv()
				await files.put('chain/session.pdf', new TextEncoder().encode('%PDF-session'), 'application/pdf')
				expect(await text(files, 'chain/session.pdf')).toEqual({ size: 12, body: '%PDF-session' })
			},
		)
	})

	test('the same keys without their session token are refused by the bucket', async () => {
		await withAwsEnv(
			{ S3_BUCKET: s3.bucket, S3_ENDPOINT: `${s3.endpoint}/`, S3_REGION: s3.region, AWS_ACCESS_KEY_ID: s3.temporary.accessKeyId, AWS_SECRET_ACCESS_KEY: s3.temporary.secretAccessKey },
			async () => {
				await expect(fileStorageFromEnv().put('chain/refused.pdf', new Uint8Array([1]), 'application/pdf')).rejects.toThrow(/403 SignatureDoesNotMatch/)
			},
		)
		expect(s3.objects.has('chain/refused.pdf')).toBe(false)
	})

	test('a profile of the shared credentials file (AWS_PROFILE), the region from AWS_REGION', async () => {
		const credentialsFile = path.join(folder, 'aws-credentials')
		fs.writeFileSync(credentialsFile, `[documents]\naws_access_key_id = ${s3.accessKeyId}\naws_secret_access_key = ${s3.secretAccessKey}\n`)
		await withAwsEnv({ S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint.replace('127.0.0.1', 'localhost'), AWS_REGION: s3.region, AWS_PROFILE: 'documents', AWS_SHARED_CREDENTIALS_FILE: credentialsFile }, async () => {
			const files = fileStorageFromEnv()
			await files.put('chain/profile.pdf', new TextEncoder().encode('%PDF-profile'), 'application/pdf')
			expect(await files.exists('chain/profile.pdf')).toBe(true)
		})
	})
})

describe.each([
	['the local folder', () => createLocalStorage(folder)],
	['an S3-compatible bucket', () => bucketStorage()],
])('%s', (_name, storage) => {
	test('stores, finds and streams a file; a missing one is null', async () => {
		const files = storage()
		const name = `samples/report ${files.kind} (2026) é.pdf`
		expect(await files.exists(name)).toBe(false)
		expect(await files.open(name)).toBeNull()
		await files.put(name, new TextEncoder().encode('%PDF-1.7 stored'), 'application/pdf')
		expect(await files.exists(name)).toBe(true)
		expect(await text(files, name)).toEqual({ size: 15, body: '%PDF-1.7 stored' })
		// Replaced, not appended.
		await files.put(name, new TextEncoder().encode('%PDF-2.0'), 'application/pdf')
		expect(await text(files, name)).toEqual({ size: 8, body: '%PDF-2.0' })
	})

	test('names that would leave the storage are refused before any request', async () => {
		const files = storage()
		const requests = s3.log.length
		for (const name of ['../secrets/jwks.json', '/etc/passwd', 'samples/../../x.pdf', '..\\secrets\\jwks.json', 'a\0b', './x.pdf', 'C:/Windows/win.ini', '', 'samples//x.pdf']) {
			expect(await files.open(name), name).toBeNull()
			expect(await files.exists(name), name).toBe(false)
			await expect(files.put(name, new Uint8Array([1]), 'text/plain'), name).rejects.toBeInstanceOf(UnsafeFileName)
		}
		expect(s3.log.length).toBe(requests)
	})
})

describe('the bucket', () => {
	test('keeps the object under its key with its content type', async () => {
		await bucketStorage().put('whitepapers/a.pdf', new TextEncoder().encode('%PDF-a'), 'application/pdf')
		expect(s3.objects.get('whitepapers/a.pdf')).toMatchObject({ contentType: 'application/pdf' })
	})

	test('a request signed with the wrong secret is refused by the server (the signature is checked)', async () => {
		const forged = bucketStorage('not-the-secret')
		await expect(forged.put('x.pdf', new Uint8Array([1]), 'application/pdf')).rejects.toBeInstanceOf(S3Error)
		await expect(forged.open('whitepapers/a.pdf')).rejects.toThrow(/403 SignatureDoesNotMatch/)
		expect(s3.objects.has('x.pdf')).toBe(false)
	})

	test('the local folder refuses a symbolic link that leads out of it', async () => {
		fs.writeFileSync(path.join(os.tmpdir(), 'gwi-outside.txt'), 'secret')
		fs.symlinkSync(path.join(os.tmpdir(), 'gwi-outside.txt'), path.join(folder, 'link.pdf'))
		expect(await createLocalStorage(folder).open('link.pdf')).toBeNull()
	})
})

describe('configuration', () => {
	test('S3_BUCKET chooses the bucket, and needs its keys; unset, the local folder', () => {
		expect(fileStorageFromEnv(backendEnv({ FILE_STORAGE_DIR: folder })).kind).toBe('local')
		const env = backendEnv({ S3_BUCKET: 'gwi-documents', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'AKID', S3_SECRET_ACCESS_KEY: 'secret' })
		expect(fileStorageFromEnv(env)).toMatchObject({ kind: 's3', location: 'http://127.0.0.1:9000/gwi-documents/' })
		expect(fileStorageFromEnv(backendEnv({ S3_BUCKET: 'gwi-documents', S3_REGION: 'eu-west-1', S3_ACCESS_KEY_ID: 'AKID', S3_SECRET_ACCESS_KEY: 'secret' })).location).toBe('https://gwi-documents.s3.eu-west-1.amazonaws.com/')
		// Without keys of its own the bucket is reached with the AWS SDK's credentials; a key without its secret is refused.
		expect(fileStorageFromEnv(backendEnv({ S3_BUCKET: 'gwi-documents' })).location).toBe('https://gwi-documents.s3.us-east-1.amazonaws.com/')
		expect(() => backendEnv({ S3_BUCKET: 'gwi-documents', S3_ACCESS_KEY_ID: 'AKID' })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/)
		expect(() => backendEnv({ S3_BUCKET: 'Not A Bucket!', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' })).toThrow(/S3_BUCKET must be a bucket name/)
		expect(() => backendEnv({ S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT must be an http/)
	})
})

describe('document downloads from the bucket', () => {
	const { database, api } = useTestApi()
	beforeAll(() => {
		Object.assign(process.env, { S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint, S3_REGION: s3.region, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey })
	})
	afterAll(() => {
		for (const name of ['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) delete process.env[name]
	})

	test('a whitepaper is written to the bucket once and streamed from it as a real PDF', async () => {
		const { rows } = await database.db.execute<{ slug: string; file_path: string }>(sql`select slug, file_path from documents where document_type = 'whitepaper' and not is_draft and not is_hyperlink order by id limit 1`)
		const { slug, file_path: filePath } = rows[0]!
		const key = filePath.replace('/files/', '')
		const free = await tokenFor(database.db, 'free@example.com')
		const get = () => api.request(`/documents/slug/${slug}/download`, { headers: { Authorization: `Bearer ${free}` } })
		const first = await get()
		expect(first.status).toBe(200)
		expect(first.headers.get('Content-Type')).toBe('application/pdf')
		const bytes = new Uint8Array(await first.arrayBuffer())
		expect(Number(first.headers.get('Content-Length'))).toBe(bytes.length)
		expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(1)
		expect(s3.objects.get(key)?.body.equals(Buffer.from(bytes))).toBe(true)
		// The second download only reads: no second PUT.
		expect((await get()).status).toBe(200)
		expect(s3.log.filter((entry) => entry.key === key && entry.method === 'PUT')).toHaveLength(1)
		expect(s3.log.filter((entry) => entry.key === key && entry.method === 'GET' && entry.status === 200).length).toBeGreaterThanOrEqual(2)
	})

	test("a bucket that refuses our keys: 502 'Download failed', no stack trace", async () => {
		const { rows } = await database.db.execute<{ slug: string }>(sql`select slug from documents where document_type = 'whitepaper' and not is_draft and not is_hyperlink order by id desc limit 1`)
		process.env.S3_SECRET_ACCESS_KEY = 'not-the-secret'
		try {
			const response = await api.request(`/documents/slug/${rows[0]!.slug}/download`, { headers: { Authorization: `Bearer ${await tokenFor(database.db, 'free@example.com')}` } })
			expect(response.status).toBe(502)
			expect(((await response.json()) as { errors: string[] }).errors).toEqual(['Download failed'])
		} finally {
			process.env.S3_SECRET_ACCESS_KEY = s3.secretAccessKey
		}
	})

	test('the path guard of GET /download holds with the bucket: no request leaves for a refused name', async () => {
		const staff = await tokenFor(database.db, 'staff@example.com')
		const requests = s3.log.length
		for (const name of ['../secrets/jwks.json', '%2e%2e%2fsecrets%2fjwks.json', '%2Fetc%2Fpasswd', 'samples%2F..%2F..%2Foutside']) {
			expect((await api.request(`/download?internalFileName=${name}&publicFileName=x.pdf`, { headers: { Authorization: `Bearer ${staff}` } })).status, name).toBe(400)
		}
		expect(s3.log.length).toBe(requests)
	})
})
