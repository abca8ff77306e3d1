/**
 * Staff export (spec 002 §4, §9): the email version of a real issue as the API sends it, and
 * the zip unpacked: template.html with its CSS inlined, about 700 px, tables, the marketing
 * token, and every image it references present in images/. Every image is PNG or JPEG (Gmail
 * and Outlook show no SVG), at an absolute address on PUBLIC_URL that the site answers.
 */
import { sql } from 'drizzle-orm'
import { unzipSync, strFromU8 } from 'fflate'
import { beforeAll, describe, expect, test } from 'vitest'
import { EMAIL_WIDTH_PX, MARKETING_FIRST_NAME_TOKEN, newsletterEnvelope, type NewsletterResponse } from '../../contract/newsletters.ts'
import { issueAccessToken } from '../../backend/identity/tokens.ts'
import { publicOrigin } from '../../app/lib/env.server.ts'
import { emailHtml, emailZip, ZIP_TEMPLATE } from '../../app/lib/newsletter-email.server.ts'
import { newsletterPdf, htmlToParagraphs } from '../../app/lib/newsletter-pdf.server.ts'
import { useRenderedSite } from '../support/rendered-site.ts'
import { sessionCookieFor } from '../support/reader-session.ts'
import { useTestApi } from '../support/test-api.ts'

const { database, get } = useTestApi()
const site = useRenderedSite(database)
const ORIGIN = 'https://www.example.com'
let issue: NewsletterResponse

beforeAll(async () => {
	// An issue with an article list, a link card and an advert: every kind of image.
	const { rows } = await database.db.execute<{ slug: string }>(sql`select n.slug from newsletters n where not n.is_draft and n.definition_id = 1
		and exists (select 1 from newsletter_components c where c.newsletter_id = n.id and c.component_type = 'AdvertCard')
		and exists (select 1 from newsletter_components c where c.newsletter_id = n.id and c.component_type = 'LinkCard')
		order by n.published desc limit 1`)
	const token = await issueAccessToken({ sub: 'demo|staff', permissions: ['read:executive', 'read:project', 'export:newsletter'] })
	issue = newsletterEnvelope.parse((await get(`/newsletters/issue/${rows[0].slug}`, token)).body)
})

const input = () => ({ newsletter: issue.item, components: issue.componentItems })

describe('email export', () => {
	test('HTML: tables about 700 px wide, inline styles, no style sheet left, the token, absolute links', () => {
		const html = emailHtml(input(), ORIGIN)
		expect(html).toMatch(new RegExp(`<table[^>]*width="${EMAIL_WIDTH_PX}"`))
		expect(html).not.toContain('<style')
		expect(html).toContain('<title>Global Water Intelligence newsletter</title>')
		expect(html).toMatch(/<td class="masthead" style="[^"]*border-top: 6px solid #00B1EE/)
		expect(html).toContain(MARKETING_FIRST_NAME_TOKEN)
		expect(html).not.toContain('[First Name]')
		expect(html).toContain(`href="${ORIGIN}/articles/`)
		expect(html).toContain(`src="${ORIGIN}/email-images/images/`)
	})

	test('zip: template.html and every image it references, in images/', async () => {
		const files = unzipSync(await emailZip(input(), ORIGIN))
		expect(Object.keys(files)).toContain(ZIP_TEMPLATE)
		const template = strFromU8(files[ZIP_TEMPLATE])
		const sources = [...template.matchAll(/<img[^>]*src="([^"]+)"/g)].map((match) => match[1])
		expect(sources.length).toBeGreaterThan(2)
		for (const src of sources) {
			expect(src).toMatch(/^images\//)
			expect(files[src]?.byteLength, src).toBeGreaterThan(0)
		}
		expect(template).toContain(MARKETING_FIRST_NAME_TOKEN)
		expect(template).toMatch(/style="[^"]*font-family: Arial/)
	})

	test("images inside the issue's own HTML are packed too", async () => {
		const withImage = { ...input(), components: [{ id: 1, type: 'TextCard' as const, bodyText: '<p>Hello [First Name]</p><p><img src=\'/images/author-2.svg\' alt="Editor"></p>', graduatedBackground: false }] }
		const files = unzipSync(await emailZip(withImage, ORIGIN))
		const template = strFromU8(files[ZIP_TEMPLATE])
		expect(template).toMatch(/src=["']images\/author-2\.png["']/)
		expect(isPng(files['images/author-2.png'])).toBe(true)
		expect(emailHtml(withImage, ORIGIN)).toMatch(/src=["']https:\/\/www\.example\.com\/email-images\/images\/author-2\.svg\.png["']/)
	})

	test('a missing image fails the zip (the route answers with the zip failure message)', async () => {
		const broken = { ...input(), components: [{ id: 1, type: 'AdvertCard' as const, image: '/images/no-such-image.png', link: null }] }
		await expect(emailZip(broken, ORIGIN)).rejects.toThrow('Image not found')
	})
})

const isPng = (bytes: Uint8Array | undefined) => !!bytes && Buffer.from(bytes.subarray(0, 8)).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
const isJpeg = (bytes: Uint8Array) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff
const CHART = '<svg viewBox="0 0 200 100" width="400" aria-label="Capacity by region"><rect x="10" y="10" width="80" height="80" fill="#00B1EE"/><text x="100" y="50">MLD</text></svg>'
const DOT_SVG = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle cx="5" cy="5" r="5"/></svg>')}`

/** Every image of the exported email: no SVG in sight, each on PUBLIC_URL, each answered by the site as PNG or JPEG. */
async function expectMailSafeImages(html: string) {
	const origin = publicOrigin()
	expect(html).not.toMatch(/<svg\b/i)
	const sources = [...html.matchAll(/<img\b[^>]*?\bsrc=(["'])(.*?)\1/gi)].map((match) => match[2].replace(/&amp;/g, '&'))
	expect(sources.length).toBeGreaterThan(2)
	for (const src of sources) {
		expect(src).not.toMatch(/\.svg([?#]|$)/i)
		expect(src.startsWith(`${origin}/`), src).toBe(true)
		const url = new URL(src)
		const response = await site.respond(`${url.pathname}${url.search}`)
		expect(response.status, src).toBe(200)
		expect(response.headers.get('Content-Type'), src).toMatch(/^image\/(png|jpeg)$/)
		const bytes = new Uint8Array(await response.arrayBuffer())
		expect(isPng(bytes) || isJpeg(bytes), src).toBe(true)
	}
	return sources
}

describe('email images: PNG or JPEG on PUBLIC_URL, served by the site', () => {
	test("the export route's HTML, for staff", async () => {
		const cookie = await sessionCookieFor(database.db, 'staff@example.com')
		const response = await site.respond(`/newsletters/${issue.item.slug}/export?format=html`, { headers: { Cookie: cookie } })
		expect(response.status).toBe(200)
		await expectMailSafeImages(await response.text())
	})

	test("an inline SVG chart, an SVG data URI and a site SVG in the issue's own HTML", async () => {
		const bodyText = `<p>Dear [First Name],</p>${CHART}<p><img src="${DOT_SVG}" alt="dot"><img src='/images/author-2.svg' alt="Editor"></p>`
		const withCharts = { ...input(), components: [{ id: 1, type: 'TextCard' as const, bodyText, graduatedBackground: false }] }
		const html = emailHtml(withCharts, publicOrigin())
		expect(html).toContain('alt="Capacity by region"')
		const sources = await expectMailSafeImages(html)
		expect(sources.filter((src) => src.includes('/email-images/inline/'))).toHaveLength(2)
		const files = unzipSync(await emailZip(withCharts, publicOrigin()))
		const template = strFromU8(files[ZIP_TEMPLATE])
		expect(template).not.toMatch(/<svg\b|\.svg["']/i)
		for (const [, src] of template.matchAll(/<img[^>]*src="([^"]+)"/g)) expect(isPng(files[src]) || isJpeg(files[src]), src).toBe(true)
	})

	test('an address the site did not write is not drawn', async () => {
		const inline = /src="([^"]*\/email-images\/inline\/[^"]+)"/.exec(emailHtml({ ...input(), components: [{ id: 1, type: 'TextCard' as const, bodyText: CHART, graduatedBackground: false }] }, publicOrigin()))?.[1] ?? ''
		const forged = new URL(inline.replace(/\/inline\/[\w-]+\//, '/inline/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/'))
		expect((await site.respond(forged.pathname)).status).toBe(404)
		expect((await site.respond('/email-images/../server.ts.png')).status).toBe(404)
		expect((await site.respond('/email-images/images/no-such-image.svg.png')).status).toBe(404)
	})
})

describe('PDF', () => {
	test('a real PDF of the issue, with its text', async () => {
		const pdf = await newsletterPdf(input(), (html) => html)
		expect(Buffer.from(pdf.slice(0, 5)).toString()).toBe('%PDF-')
		expect(pdf.byteLength).toBeGreaterThan(2000)
		expect(htmlToParagraphs('<p>One &amp; two</p><ul><li>three</li></ul>')).toEqual(['One & two', '• three'])
	})
})
