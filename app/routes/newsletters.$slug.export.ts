/**
 * /newsletters/{slug}/export?format=html|zip (spec 002 §4): staff with export:newsletter
 * download the email version of a published issue, or a zip of template.html and its
 * images. Failures answer with the spec's messages.
 */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { NEWSLETTER_MESSAGES } from '../../contract/newsletters.ts'
import { MESSAGES } from '../../contract/constants.ts'
import { CACHE_CONTROL } from '~/lib/http.server.ts'
import { emailHtml, emailZip } from '~/lib/newsletter-email.server.ts'
import { downloadError, loadIssue } from '~/lib/newsletters.server.ts'
import { log } from '../lib/log.ts'

const ExportQuerySchema = z.object({ format: z.enum(['html', 'zip'], { error: 'format must be html or zip' }) })

const text = (body: string, status: number) => new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_CONTROL.noStore } })

export async function loader({ request, context, params }: LoaderFunctionArgs) {
	const parsed = ExportQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
	if (!parsed.success) return text(parsed.error.issues[0]?.message ?? 'Bad request', 400)
	const { format } = parsed.data
	const slug = params.slug ?? ''
	const issue = await loadIssue({ request, context, slug, mode: 'published', full: false }).catch(downloadError)
	if (issue instanceof Response) return issue
	if (!issue.canExport) return text(MESSAGES.noAccess, 403)
	const failed = format === 'html' ? NEWSLETTER_MESSAGES.htmlExportFailed : NEWSLETTER_MESSAGES.zipExportFailed
	try {
		const headers = { 'Cache-Control': CACHE_CONTROL.noStore, 'X-Robots-Tag': 'noindex' }
		if (format === 'html')
			return new Response(emailHtml(issue, issue.origin), { headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8', 'Content-Disposition': `attachment; filename="${slug}.html"` } })
		const zip = await emailZip(issue, issue.origin)
		return new Response(Buffer.from(zip), { headers: { ...headers, 'Content-Type': 'application/zip', 'Content-Disposition': `attachment; filename="${slug}.zip"` } })
	} catch (error) {
		log.error({ err: error }, `[newsletters] export ${format} of ${slug} failed`)
		return text(failed, 500)
	}
}
