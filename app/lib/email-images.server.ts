/**
 * Images in emails are PNG or JPEG at an absolute address on the site (PUBLIC_URL): Gmail and
 * Outlook show neither SVG nor data: URIs. Every image an email template meets — the site's
 * own files, another host's, an inline <svg> chart or a data: URI in the body — gets an address
 * under /email-images/ where the site serves it rasterised on the server:
 *
 *   /email-images/images/advert-1.svg.png          a file of the site, as PNG
 *   /email-images/remote/{signature}/{url}.png     another host's image, as PNG
 *   /email-images/inline/{signature}/{bytes}.png   an inline image (compressed in the address)
 *
 * The site's own PNG and JPEG files keep their own address. Remote and inline addresses are
 * signed with the session secret: only an email the site wrote can make it fetch or draw them.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { deflateRawSync, inflateRawSync } from 'node:zlib'
import sharp from 'sharp'
import { getEnv } from './env.server.ts'
import { rasterise } from './raster.server.ts'

export const EMAIL_IMAGES_PATH = '/email-images'
/** Email images are drawn at twice their shown size, for high-density screens. */
export const EMAIL_IMAGE_SCALE = 2
/** Formats every mail client shows, kept as they are. */
const MAIL_SAFE = /\.(png|jpe?g)$/i
/** Where the site's own images are served from: the built client in production, else public/. */
const STATIC_DIRS = ['build/client', 'public']
/** Limits on what one image may cost the server to fetch or unpack. */
const MAX_IMAGE_BYTES = 10 * 1024 * 1024
const REMOTE_TIMEOUT_MS = 10_000
const SIGNATURE_PURPOSE = 'email-image'

/** An image as an email's template refers to it, resolved: the site's file, another host's, or bytes at hand. */
export type EmailImageSource = { kind: 'site'; pathname: string } | { kind: 'remote'; url: string } | { kind: 'inline'; bytes: Uint8Array }

export type EmailImage = { bytes: Uint8Array; contentType: 'image/png' | 'image/jpeg'; extension: 'png' | 'jpg' }

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')

function signature(kind: string, payload: string, secret: string) {
	return createHmac('sha256', secret).update(`${SIGNATURE_PURPOSE}\0${kind}\0${payload}`).digest('base64url').slice(0, 32)
}

const secrets = () => getEnv().SESSION_SECRET.split(',')

function verified(kind: string, given: string, payload: string) {
	return secrets().some((secret) => {
		const expected = Buffer.from(signature(kind, payload, secret))
		const actual = Buffer.from(given)
		return expected.length === actual.length && timingSafeEqual(expected, actual)
	})
}

/** The bytes of a data: URI (base64 or percent-encoded), or null for anything else. */
function dataUriBytes(src: string): Uint8Array | null {
	const match = /^data:image\/[\w.+-]+((?:;[\w-]+=[^;,]*)*)(;base64)?,(.*)$/is.exec(src.trim())
	if (!match) return null
	return match[2] ? new Uint8Array(Buffer.from(match[3], 'base64')) : new Uint8Array(Buffer.from(decodeURIComponent(match[3]), 'utf8'))
}

/** What an image's src refers to, seen from the site at `origin`. */
export function emailImageSource(src: string, origin: string): EmailImageSource {
	const inline = dataUriBytes(src)
	if (inline) return { kind: 'inline', bytes: inline }
	const url = new URL(src, `${origin}/`)
	return url.origin === new URL(origin).origin ? { kind: 'site', pathname: url.pathname } : { kind: 'remote', url: url.href }
}

/** The absolute address, on `origin`, where a mail client gets this image as PNG or JPEG. */
export function emailImageUrl(src: string, origin: string): string {
	const source = emailImageSource(src, origin)
	const base = `${origin}${EMAIL_IMAGES_PATH}`
	if (source.kind === 'site') return MAIL_SAFE.test(source.pathname) ? `${origin}${source.pathname}` : `${base}${source.pathname}.png`
	const [kind, payload] = source.kind === 'remote' ? ['remote', base64url(Buffer.from(source.url))] : ['inline', base64url(deflateRawSync(source.bytes))]
	return `${base}/${kind}/${signature(kind, payload, secrets()[0])}/${payload}.png`
}

/** The source an /email-images/ address names (the part after it), or null for one the site did not write. */
export function sourceOfEmailImagePath(rest: string): EmailImageSource | null {
	if (!rest.endsWith('.png')) return null
	const name = rest.slice(0, -'.png'.length)
	const signed = /^(remote|inline)\/([\w-]+)\/([\w-]+)$/.exec(name)
	if (signed) {
		const [, kind, given, payload] = signed
		if (!verified(kind, given, payload)) return null
		const bytes = Buffer.from(payload, 'base64url')
		if (kind === 'remote') return { kind: 'remote', url: bytes.toString('utf8') }
		try {
			return { kind: 'inline', bytes: new Uint8Array(inflateRawSync(bytes, { maxOutputLength: MAX_IMAGE_BYTES })) }
		} catch {
			return null
		}
	}
	return { kind: 'site', pathname: `/${name}` }
}

async function readStatic(pathname: string): Promise<Uint8Array | null> {
	let decoded: string
	try {
		decoded = decodeURIComponent(pathname)
	} catch {
		return null
	}
	const relative = path.normalize(decoded).replace(/^([/\\])+/, '')
	if (relative.startsWith('..')) return null
	for (const dir of STATIC_DIRS) {
		const file = await readFile(path.join(process.cwd(), dir, relative)).catch(() => null)
		if (file) return new Uint8Array(file)
	}
	return null
}

async function fetchBytes(url: string): Promise<Uint8Array | null> {
	if (!/^https?:$/.test(new URL(url).protocol)) return null
	const response = await fetch(url, { signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS), redirect: 'follow' })
	if (!response.ok) return null
	const bytes = new Uint8Array(await response.arrayBuffer())
	return bytes.byteLength > MAX_IMAGE_BYTES ? null : bytes
}

const isSvg = (bytes: Uint8Array) => /<svg[\s>]/i.test(Buffer.from(bytes.subarray(0, 4096)).toString('utf8'))
const isMailSafe = (bytes: Uint8Array) =>
	(bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) || (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)

/**
 * The image as PNG or JPEG: PNG and JPEG as they are, SVG drawn (resvg), any other format
 * sharp reads converted. Null when there is no such image or it cannot be read as one.
 */
export async function emailImage(source: EmailImageSource, fetchImage: (url: string) => Promise<Uint8Array | null> = fetchBytes): Promise<EmailImage | null> {
	const bytes = source.kind === 'inline' ? source.bytes : source.kind === 'site' ? await readStatic(source.pathname) : await fetchImage(source.url).catch(() => null)
	if (!bytes || bytes.byteLength === 0) return null
	if (isMailSafe(bytes)) return bytes[0] === 0xff ? { bytes, contentType: 'image/jpeg', extension: 'jpg' } : { bytes, contentType: 'image/png', extension: 'png' }
	try {
		const png = isSvg(bytes) ? await rasterise(bytes, EMAIL_IMAGE_SCALE, { type: 'png' }) : await sharp(bytes).png().toBuffer()
		return { bytes: new Uint8Array(png), contentType: 'image/png', extension: 'png' }
	} catch {
		return null
	}
}
