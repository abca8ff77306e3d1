import { data } from '@remix-run/node'
import { INPUT_ERROR_PAGES, MAX_FORM_BODY_BYTES } from '../../contract/request-input.ts'

/**
 * The form a page's action was posted, read at most MAX_FORM_BODY_BYTES deep. The server's
 * input guard has refused a wrong type or a declared length over the limit already; what it
 * cannot see before reading (a streamed body that grows too large, a multipart body that does
 * not parse) is the sender's mistake here: 413 or 400 on the site's error page, never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
	const chunks: Uint8Array[] = []
	let size = 0
	if (request.body) {
		for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
			size += chunk.byteLength
			if (size > MAX_FORM_BODY_BYTES) throw data(INPUT_ERROR_PAGES[413], { status: 413 })
			chunks.push(chunk)
		}
	}
	const body = Buffer.concat(chunks)
	try {
		return await new Response(body, { headers: { 'Content-Type': request.headers.get('Content-Type') ?? '' } }).formData()
	} catch {
		throw data(INPUT_ERROR_PAGES[400], { status: 400 })
	}
}
