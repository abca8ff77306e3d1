/**
 * /newsletters/{slug}/pdf: the issue as a PDF download, for readers with access (spec 002 §6
 * "hasAccess shows the full content and the PDF button"); made on the server with pdf-lib.
 */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { escapeHtml } from '../../contract/html.ts'
import { personalise } from '../../contract/newsletters.ts'
import { MESSAGES } from '../../contract/constants.ts'
import { CACHE_CONTROL } from '~/lib/http.server.ts'
import { newsletterPdf } from '~/lib/newsletter-pdf.server.ts'
import { downloadError, loadIssue } from '~/lib/newsletters.server.ts'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
	const slug = params.slug ?? ''
	const issue = await loadIssue({ request, context, slug, mode: 'published', full: true }).catch(downloadError)
	if (issue instanceof Response) return issue
	if (!issue.newsletter.hasAccess) return new Response(MESSAGES.noAccess, { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_CONTROL.noStore } })
	const pdf = await newsletterPdf(issue, (html) => personalise(html, issue.firstName, escapeHtml))
	return new Response(Buffer.from(pdf), {
		headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${slug}.pdf"`, 'Cache-Control': CACHE_CONTROL.privatePage, 'X-Robots-Tag': 'noindex' },
	})
}
