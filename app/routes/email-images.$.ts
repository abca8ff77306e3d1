/**
 * /email-images/{source}.png: an image of an email template as PNG or JPEG, drawn on the
 * server (app/lib/email-images.server.ts). Mail clients fetch it without a session, so it
 * is public; its address names its source, so caches may keep it.
 */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { emailImage, sourceOfEmailImagePath } from '~/lib/email-images.server.ts'
import { CACHE_CONTROL } from '~/lib/http.server.ts'

/** A day in browsers and mail proxies, a week at the CDN: a site image may change with a release. */
const EMAIL_IMAGE_CACHE = 'public, max-age=86400, s-maxage=604800'

const notFound = () => new Response('Image not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_CONTROL.noStore } })

export async function loader({ params }: LoaderFunctionArgs) {
	const source = sourceOfEmailImagePath(params['*'] ?? '')
	const image = source ? await emailImage(source) : null
	if (!image) return notFound()
	return new Response(Buffer.from(image.bytes), { headers: { 'Content-Type': image.contentType, 'Cache-Control': EMAIL_IMAGE_CACHE, 'X-Content-Type-Options': 'nosniff' } })
}
