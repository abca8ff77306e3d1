/**
 * Staff export (spec 002 §4, §9): the email version of a real issue as the API sends it, and
 * the zip unpacked: template.html with its CSS inlined, about 700 px, tables, the marketing
 * token, and every image it references present in images/.
 */
import { sql } from 'drizzle-orm'
import { unzipSync, strFromU8 } from 'fflate'
import { beforeAll, describe, expect, test } from 'vitest'
import { EMAIL_WIDTH_PX, MARKETING_FIRST_NAME_TOKEN, newsletterEnvelope, type NewsletterResponse } from '../../contract/newsletters.ts'
import { issueAccessToken } from '../../backend/identity/tokens.ts'
import { emailHtml, emailZip, ZIP_TEMPLATE } from '../../app/lib/newsletter-email.server.ts'
import { newsletterPdf, htmlToParagraphs } from '../../app/lib/newsletter-pdf.server.ts'
import { useTestApi } from '../support/test-api.ts'

const { database, get } = useTestApi()
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
		expect(html).toContain(`src="${ORIGIN}/images/`)
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
		expect(template).toMatch(/src=["']images\/author-2\.svg["']/)
		expect(files['images/author-2.svg']?.byteLength).toBeGreaterThan(0)
		expect(emailHtml(withImage, ORIGIN)).toMatch(/src=["']https:\/\/www\.example\.com\/images\/author-2\.svg["']/)
	})

	test('a missing image fails the zip (the route answers with the zip failure message)', async () => {
		const broken = { ...input(), components: [{ id: 1, type: 'AdvertCard' as const, image: '/images/no-such-image.png', link: null }] }
		await expect(emailZip(broken, ORIGIN)).rejects.toThrow('Image not found')
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
