/**
 * Cards whose content is mostly the CMS's own: the text card (with its reader placeholder),
 * the advert card (one of the booked adverts when the card names none) and the company
 * info card (a company's details and activities; spec 001 §2 Company cards).
 */
import render from 'dom-serializer'
import type { Text } from 'domhandler'
import { filter } from 'domutils'
import { sql } from 'drizzle-orm'
import { parseDocument } from 'htmlparser2'
import type { CompanyInfo } from '../../../contract/cards.ts'
import type { Link } from '../../../contract/common.ts'
import { PARTNER_COMPANY_PARAM } from '../../../contract/card-rules.ts'
import { plainText, safeHtml } from '../content-html.ts'
import { bool, paramsOf, publicRows, str, type CardResolver } from './context.ts'

/** Spec 002 §3: replaced by the reader's first name, removed for visitors. */
export const FIRST_NAME_PLACEHOLDER = '[First Name]'

/**
 * The text card's HTML with the placeholder filled in, in its text only (never in markup),
 * the name encoded as text. Removing it must not leave "Dear ," behind: the comma goes with
 * the name, and a paragraph it opened starts at the next word.
 */
function fillFirstName(html: string, firstName: string): string {
	const document = parseDocument(html)
	for (const node of filter((child) => child.type === 'text', document.children, true) as Text[]) {
		if (!node.data.includes(FIRST_NAME_PLACEHOLDER)) continue
		if (firstName) node.data = node.data.replaceAll(FIRST_NAME_PLACEHOLDER, firstName)
		else {
			node.data = node.data.replace(/\s*\[First Name\],?/g, '')
			if (node.parent?.type === 'tag' && node.parent.name === 'p' && node.prev === null) node.data = node.data.trimStart()
		}
	}
	return render(document, { encodeEntities: 'utf8' })
}

export const CONTENT_CARD_RESOLVERS: Record<string, CardResolver> = {
	async TextCard(config, context) {
		const stored = str(config.bodyText)
		// Nothing but a string of HTML is ever rendered as HTML.
		if (!stored) return { ...config, bodyText: undefined }
		// Sanitised before the name goes in: the stored HTML is the same for every reader (cached).
		const body = safeHtml(stored)
		if (!body.includes(FIRST_NAME_PLACEHOLDER)) return { ...config, bodyText: body }
		const userId = context.access.viewer?.userId
		const firstName = userId
			? ((await context.db.execute<{ first_name: string | null }>(sql`select first_name from users where id = ${userId}`)).rows[0]?.first_name ?? '')
			: ''
		return { ...config, bodyText: fillFirstName(body, firstName) }
	},

	/** The card's own advert, or one of the booked adverts for its place (banner at the top and bottom). */
	async AdvertCard(config, context, card) {
		if (str(config.link) && str(config.image)) return config
		const placement = card.position === 'Top' || card.position === 'Bottom' ? 'Banner' : 'Right'
		const rows = await publicRows<{ name: string; link: string; image: string }>(context, 'advert card', sql`select name, link, image from adverts where placement = ${placement} order by id`)
		if (rows.length === 0) return config
		const advert = rows[Math.min(rows.length - 1, Math.floor((context.random ?? Math.random)() * rows.length))]
		return { ...config, ...advert }
	},

	/**
	 * A company by `companySlug`, or with `partnerFilter: true` the partner chosen in the page's
	 * partner filter (none chosen: no company). Water revenue is Strategist data.
	 */
	async CompanyInfoCard(config, context) {
		const slug = bool(config.partnerFilter) ? str(paramsOf(context).get(PARTNER_COMPANY_PARAM)) : str(config.companySlug)
		if (!slug) return { ...config, company: null }
		const rows = await publicRows<{
			id: number
			name: string
			slug: string
			full_company_name: string | null
			company_name_alias: string | null
			country_name: string | null
			country_slug: string | null
			description: string | null
			website: string | null
			primary_exchange: string | null
			logo: string | null
			water_revenue: number | null
			water_revenue_currency: string | null
			water_revenue_dollars: number | null
			chemicals: string[]
			engineering_project_types: string[]
			services: string[]
			expertises: { name: string; pageSlug: string | null }[]
			industries: Link[]
		}>(context, 'company info card', sql`
			select c.id, c.name, c.slug, c.full_company_name, c.company_name_alias, g.name as country_name, g.slug as country_slug,
				c.description, c.website, c.primary_exchange, c.logo, c.water_revenue, c.water_revenue_currency, c.water_revenue_dollars,
				c.chemicals, c.engineering_project_types, c.services,
				coalesce((select json_agg(json_build_object('name', x.name, 'pageSlug', x.page_slug) order by x.name) from company_expertises x where x.company_id = c.id), '[]') as expertises,
				coalesce((select json_agg(json_build_object('name', i.name, 'slug', i.slug) order by i.name) from company_industries ci join industries i on i.id = ci.industry_id where ci.company_id = c.id), '[]') as industries
			from companies c left join geographies g on g.id = c.headquarters_country_id
			where c.slug = ${slug}`)
		const row = rows[0]
		if (!row) return { ...config, company: null }
		const company: CompanyInfo = {
			name: row.name,
			slug: row.slug,
			fullCompanyName: row.full_company_name,
			companyNameAlias: row.company_name_alias,
			headquartersCountry: row.country_slug ? { name: row.country_name!, slug: row.country_slug } : null,
			description: plainText(row.description),
			website: row.website,
			primaryExchange: row.primary_exchange,
			logo: row.logo,
			...(context.access.isStrategist
				? { waterRevenue: row.water_revenue, waterRevenueCurrency: row.water_revenue_currency, waterRevenueDollars: row.water_revenue_dollars }
				: {}),
			expertises: row.expertises,
			industries: row.industries,
			chemicals: row.chemicals,
			engineeringProjectTypes: row.engineering_project_types,
			services: row.services,
		}
		return { ...config, company }
	},
}
