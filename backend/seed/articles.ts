/** Articles across the 24 types over the last ~3 years, with authors and tags. */
import {
	articleAuthors,
	articleCompanies,
	articleEvents,
	articleGeographies,
	articleIndustries,
	articleProjects,
	articles,
	articleTechnologies,
	articleTopics,
} from '../db/schema.ts'
import {
	BLOG_TYPE_BY_THEME,
	EVENT_TAKEAWAYS,
	GENERIC_SENTENCES,
	INTERVIEW_QUESTIONS,
	MARKET_MAP_SEGMENTS,
	HEADLINES,
	LEAD_INS,
	OUTLOOK,
	PROGRESS_PHRASES,
	QUOTES,
	ROLES,
	STANDFIRSTS,
	THEME_WEIGHTS,
	THEMES,
	TYPE_GROUP,
	type Theme,
	type TypeGroup,
} from './article-text.ts'
import type { AuthorRow } from './authors.ts'
import type { Geographies } from './geographies.ts'
import { COVER_IMAGES, COVERS } from './images.ts'
import { cityIn, personName } from './places.ts'
import type { Random } from './random.ts'
import type { Taxonomies, TermRow } from './taxonomies.ts'
import { escapeHtml } from '../../contract/html.ts'
import { DEMO_DRAFT } from './demo-accounts.ts'
import { addDays, addHours, capitalise, DAY_MS, formatNumber, insertAll, previewSecret, scaled, SlugRegistry, type SeedContext } from './util.ts'

export type CompanyRef = { id: number; name: string; slug: string; countryId: number | null; isPartner: boolean; kind?: string }
export type ProjectRef = { id: number; name: string; slug: string; countryId: number; theme: string; progress: string }
export type EventRef = { id: number; name: string; slug: string; startDate: Date; endDate: Date; countryId: number | null }
export type UtilityRef = { id: number; name: string; countryId: number | null }

export type ArticleRef = { id: number; slug: string; typeSlug: string; publicationDate: Date; isDraft: boolean; theme: string; free: boolean }

export type ArticleInputs = {
	geo: Geographies
	tax: Taxonomies
	authors: AuthorRow[]
	companies: CompanyRef[]
	projects: ProjectRef[]
	events: EventRef[]
	utilities: UtilityRef[]
	count?: number
}

/** Relative frequency of each article type (Quarterly Review is one per quarter, added separately). */
const TYPE_WEIGHTS: Record<string, number> = {
	news: 34,
	analysis: 8,
	'market-map': 2.5,
	comment: 4,
	'tariff-survey': 0.8,
	interview: 2.5,
	'live-update': 0.8,
	'project-update': 7,
	deal: 6,
	feature: 3,
	opinion: 2.5,
	technology: 4,
	policy: 4,
	finance: 3.5,
	'case-study': 2,
	'data-insight': 2,
	'company-profile': 2,
	'event-report': 1.2,
	podcast: 1,
	webinar: 1,
	'industry-insight': 2.5,
	'partner-content': 2,
	blog: 3,
}

/** Types that are free to read more often than the rest. */
/** Types whose headlines name a technology: never about finance or policy. */
const TECHNICAL_TYPES = new Set(['technology', 'case-study', 'partner-content'])

const FREE_LEANING = new Set(['podcast', 'webinar', 'partner-content', 'event-report', 'blog', 'live-update'])

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

function fill(template: string, vars: Record<string, string>): string {
	return template.replace(/\{(\w+)\}/g, (_, key: string) => vars[key] ?? vars[key.toLowerCase()] ?? key)
}

function money(rng: Random, min: number, max: number): string {
	const value = Math.exp(rng.float(Math.log(min), Math.log(max)))
	if (value >= 1000) return `$${(value / 1000).toFixed(1).replace(/\.0$/, '')} billion`
	return `$${Math.round(value)} million`
}

export async function seedArticles(ctx: SeedContext, input: ArticleInputs): Promise<ArticleRef[]> {
	const rng = ctx.rng('articles')
	const { geo, tax, authors: authorRows, companies, projects, events, utilities } = input
	const total = input.count ?? scaled(ctx, 5200)
	const today = ctx.today
	const slugs = new SlugRegistry()
	let demoDraftSeeded = false
	const typeSlugs = Object.keys(TYPE_WEIGHTS)
	const typeWeights = typeSlugs.map((s) => TYPE_WEIGHTS[s])
	const themeWeights = THEMES.map((t) => THEME_WEIGHTS[t.key])
	const bySlug = <T extends TermRow>(rows: T[]) => new Map(rows.map((r) => [r.slug, r]))
	const technologyBySlug = bySlug(tax.technologies)
	const topicBySlug = bySlug(tax.topics)
	const blogTypeBySlug = bySlug(tax.blogTypes)
	const countries = geo.countries
	const countryWeights = countries.map((c) => Math.sqrt(c.info.weight) + 0.05)
	const desalWeights = countries.map((c) => c.info.desal)
	const partners = companies.filter((c) => c.isPartner)
	const companiesByCountry = new Map<number, CompanyRef[]>()
	for (const c of companies) if (c.countryId) (companiesByCountry.get(c.countryId) ?? companiesByCountry.set(c.countryId, []).get(c.countryId)!).push(c)
	const projectsByCountry = new Map<number, ProjectRef[]>()
	for (const p of projects) (projectsByCountry.get(p.countryId) ?? projectsByCountry.set(p.countryId, []).get(p.countryId)!).push(p)
	const utilitiesByCountry = new Map<number, UtilityRef[]>()
	for (const u of utilities) if (u.countryId) (utilitiesByCountry.get(u.countryId) ?? utilitiesByCountry.set(u.countryId, []).get(u.countryId)!).push(u)
	const pastEvents = events.filter((e) => e.startDate < today)
	const liveEvents = pastEvents.filter((e) => !e.name.includes(':'))
	const kindCache = new Map<string, CompanyRef[]>()
	const companiesByKind = (kinds: string[]) => {
		const key = kinds.join('|')
		if (!kindCache.has(key)) kindCache.set(key, companies.filter((c) => c.kind && kinds.includes(c.kind)))
		return kindCache.get(key)!
	}

	type Plan = { typeSlug: string; date: Date; draft?: boolean; sponsored?: boolean }
	const plans: Plan[] = []
	// Spread over ~3 years, denser towards today; every article is published before the seed day.
	for (let i = 0; i < total; i++) {
		const daysAgo = 1 + Math.floor(1095 * Math.pow(rng.next(), 1.45))
		plans.push({ typeSlug: rng.weighted(typeSlugs, typeWeights), date: addHours(addDays(today, -daysAgo), rng.int(6, 19) + rng.int(0, 59) / 60) })
	}
	// One Quarterly Review per quarter, published a week after the quarter ends.
	for (let q = 0; q < 12; q++) {
		const ref = new Date(Date.UTC(today.getUTCFullYear(), Math.floor(today.getUTCMonth() / 3) * 3 - 3 * q, 7, 9))
		if (ref < today) plans.push({ typeSlug: 'quarterly-review', date: ref })
	}
	// Sponsored articles: ~3%, with some in the current and the previous month.
	const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1))
	const lastMonthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1))
	const daysThisMonth = Math.round((today.getTime() - monthStart.getTime()) / DAY_MS)
	for (let i = 0; i < 3; i++) {
		// On the 1st of a month the only earlier moment of the month is midnight itself.
		const date = daysThisMonth > 0 ? addHours(addDays(monthStart, rng.int(0, daysThisMonth - 1)), 8 + i) : monthStart
		plans.push({ typeSlug: rng.pick(['partner-content', 'news', 'technology', 'case-study']), date, sponsored: true })
	}
	for (let i = 0; i < 4; i++) plans.push({ typeSlug: rng.pick(['partner-content', 'technology', 'case-study', 'analysis']), date: addHours(addDays(lastMonthStart, rng.int(0, 27)), 10), sponsored: true })
	// Drafts: written today, not public.
	for (let i = 0; i < 8; i++) plans.push({ typeSlug: rng.pick(['news', 'analysis', 'market-map', 'comment', 'feature']), date: today, draft: true })
	plans.sort((a, b) => a.date.getTime() - b.date.getTime() || (a.typeSlug < b.typeSlug ? -1 : a.typeSlug > b.typeSlug ? 1 : 0))

	const sponsorTarget = Math.round(total * 0.03)
	let sponsoredSoFar = plans.filter((p) => p.sponsored).length

	const rows: (typeof articles.$inferInsert)[] = []
	const refs: ArticleRef[] = []
	const authorLinks: (typeof articleAuthors.$inferInsert)[] = []
	const tagCompanies: { articleId: number; tagId: number }[] = []
	const tagGeographies: { articleId: number; tagId: number }[] = []
	const tagIndustries: { articleId: number; tagId: number }[] = []
	const tagProjects: { articleId: number; tagId: number }[] = []
	const tagTechnologies: { articleId: number; tagId: number }[] = []
	const tagTopics: { articleId: number; tagId: number }[] = []
	const tagEvents: { articleId: number; tagId: number }[] = []

	const pickCompany = (countryId: number): CompanyRef | undefined => {
		const local = companiesByCountry.get(countryId)
		if (local && local.length && rng.chance(0.55)) return rng.pick(local)
		return companies.length ? rng.pick(companies) : undefined
	}

	plans.forEach((plan, index) => {
		const id = index + 1
		const typeSlug = plan.typeSlug
		const type = tax.articleType(typeSlug)
		let theme: Theme = rng.weighted(THEMES, themeWeights)
		if (typeSlug === 'deal' || typeSlug === 'finance') theme = THEMES.find((t) => t.key === 'finance')!
		if (typeSlug === 'tariff-survey') theme = THEMES.find((t) => t.key === 'policy')!
		if (typeSlug === 'industry-insight') theme = THEMES.find((t) => t.key === 'industrial')!
		while (TECHNICAL_TYPES.has(typeSlug) && (theme.key === 'finance' || theme.key === 'policy')) theme = rng.weighted(THEMES, themeWeights)
		const country = theme.key === 'desal' ? rng.weighted(countries, desalWeights) : rng.weighted(countries, countryWeights)
		const region = geo.regionOf(country.id)
		const city = cityIn(rng, country.slug, country.name)
		const company = typeSlug === 'partner-content' && partners.length ? rng.pick(partners) : pickCompany(country.id)
		let company2 = pickCompany(country.id)
		if (company2 && company && company2.id === company.id) company2 = companies.length > 1 ? companies[(companies.indexOf(company) + 1) % companies.length] : undefined
		const localProjects = projectsByCountry.get(country.id) ?? []
		const project = localProjects.length ? rng.pick(localProjects) : projects.length && rng.chance(0.3) ? rng.pick(projects) : undefined
		const localUtilities = utilitiesByCountry.get(country.id) ?? []
		const utilityName = localUtilities.length ? rng.pick(localUtilities).name : `${city.name} Water`
		const eventPool = typeSlug === 'live-update' || typeSlug === 'event-report' ? liveEvents : pastEvents
		const event = eventPool.length ? rng.pick(eventPool) : events.length ? rng.pick(events) : undefined
		const industry = tax.industries.find((i) => i.slug === rng.pick(theme.industrySlugs)) ?? tax.industries[0]
		const year = plan.date.getUTCFullYear()
		const quarterDate = addDays(plan.date, -30)
		const capacityValue = Math.round(Math.exp(rng.float(Math.log(theme.capacity[0]), Math.log(theme.capacity[1]))) / 1000) * 1000
		const person = personName(rng)
		const vars: Record<string, string> = {
			company: company?.name ?? 'Veridian Water',
			company2: company2?.name ?? 'Castellan Infrastructure Partners',
			competitors: companies.length > 3 ? `${rng.pick(companies).name} and ${rng.pick(companies).name}` : 'two international consortia',
			country: country.name,
			city: city.name,
			region: region.name,
			utility: utilityName,
			project: project?.name ?? `${city.name} ${theme.plant.replace(/\b[a-z]/g, (c) => c.toUpperCase())}`,
			capacity: theme.key === 'sludge' ? `${formatNumber(capacityValue / 10)} t/yr` : `${formatNumber(capacityValue)}m3/d`,
			bigCapacity: `${(rng.float(1.2, 9)).toFixed(1)} million m3/d`,
			plant: theme.plant,
			tech: rng.pick(theme.techs),
			Tech: capitalise(rng.pick(theme.techs)),
			topic: theme.topic,
			Topic: capitalise(theme.topic),
			issue: theme.issue,
			amount: money(rng, 15, 4000),
			pct: `${rng.int(3, 28)}%`,
			year: String(year),
			year2: String(year + rng.int(4, 8)),
			person,
			role: rng.pick(ROLES),
			quarter: `Q${Math.floor(quarterDate.getUTCMonth() / 3) + 1} ${quarterDate.getUTCFullYear()}`,
			month: MONTHS[(plan.date.getUTCMonth() + rng.int(1, 4)) % 12],
			months: String(rng.int(2, 9)),
			years: String(rng.int(2, 25)),
			bidders: String(rng.int(3, 11)),
			count: String(rng.int(12, 140)),
			progress: (project?.progress ?? 'RFP issued').toLowerCase().replace('rfp', 'RFP'),
			progressPhrase: project ? PROGRESS_PHRASES[project.progress] ?? 'update' : 'tender launched',
			event: event?.name ?? 'Global Water Summit',
			day: String(rng.int(1, 3)),
			industry: industry.name,
			population: formatNumber(rng.int(50, 3000) * 1000),
			thousands: formatNumber(rng.int(20, 900) * 1000),
			tariff: `$0.${rng.int(28, 55)}`,
			nrw: `${rng.int(22, 55)}%`,
			km: formatNumber(rng.int(800, 12000)),
			dryTonnes: formatNumber(rng.int(8, 120) * 1000),
			multiple: (rng.float(1.1, 1.8)).toFixed(1),
		}
		const headline = fill(rng.pick(HEADLINES[typeSlug] ?? HEADLINES.news), vars)
		const takenSlug = slugs.take(headline, () => rng.hex(3))
		// The first draft is the staff's demo preview (README), at a known address and secret.
		const demoDraft = plan.draft === true && !demoDraftSeeded
		if (demoDraft) demoDraftSeeded = true
		const slug = demoDraft ? DEMO_DRAFT.slug : takenSlug
		const group = TYPE_GROUP[typeSlug] ?? 'procurement'
		const standfirst = fill(rng.pick(STANDFIRSTS[group]), vars)
		const regionCountries = countries.filter((c) => c.regionId === country.regionId)
		const body = buildBody({
			rng,
			theme,
			group,
			vars: Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, escapeHtml(v)])),
			companyName: (kinds) => {
				const pool = kinds ? companiesByKind(kinds) : companies
				return escapeHtml(pool.length ? rng.pick(pool).name : companies.length ? rng.pick(companies).name : 'Veridian Water')
			},
			utilityName: () => escapeHtml(utilities.length ? rng.pick(localUtilities.length ? localUtilities : utilities).name : `${city.name} Water`),
			cityName: () => {
				const c = rng.pick(regionCountries)
				return escapeHtml(cityIn(rng, c.slug, c.name).name)
			},
			year,
		})
		const isMarketMap = typeSlug === 'market-map'
		// Market Maps and Quarterly Reviews are for members only (a trial unlocks one of each).
		const executiveOnly = isMarketMap || typeSlug === 'quarterly-review'
		const sponsored = plan.sponsored || (!plan.draft && partners.length > 0 && sponsoredSoFar < sponsorTarget && rng.chance(0.025))
		if (sponsored && !plan.sponsored) sponsoredSoFar++
		const sponsor = sponsored && partners.length ? (company?.isPartner ? company : rng.pick(partners)) : undefined
		const isPartnerContent = typeSlug === 'partner-content' || Boolean(sponsor && rng.chance(0.5))
		const free = !executiveOnly && (isPartnerContent || (FREE_LEANING.has(typeSlug) ? rng.chance(0.7) : rng.chance(0.27)))
		const recent = today.getTime() - plan.date.getTime() < 45 * DAY_MS
		const editorsPick = !plan.draft && (rng.chance(0.03) || (recent && rng.chance(0.08)) || (isMarketMap && rng.chance(0.3)))
		const blogType = typeSlug === 'blog' ? blogTypeBySlug.get(BLOG_TYPE_BY_THEME[theme.key]) ?? tax.blogTypes[0] : undefined
		const image = isMarketMap ? COVER_IMAGES.marketMap : typeSlug === 'event-report' ? COVER_IMAGES.event : rng.chance(0.8) ? theme.image : rng.pick(COVERS)
		rows.push({
			id,
			slug,
			headline,
			standfirst,
			alternateStandfirst: rng.chance(0.2) ? fill(rng.pick(STANDFIRSTS[group]), vars) : null,
			leadIn: rng.chance(0.35) ? rng.pick(LEAD_INS) : null,
			bodyText: body,
			articleTypeId: type.id,
			blogTypeId: blogType?.id ?? null,
			sponsorCompanyId: sponsor?.id ?? null,
			section: theme.section,
			imageUrl: image,
			thumbnail: image,
			isEditorsPick: editorsPick,
			isPartnerContent,
			permissionLevels: free ? [] : ['read:executive'],
			isDraft: Boolean(plan.draft),
			previewSecret: demoDraft ? (rng.hex(16), DEMO_DRAFT.secret) : plan.draft ? (rng.hex(16), previewSecret()) : null,
			publicationDate: plan.date,
			updatedAt: plan.draft ? today : new Date(Math.min(addHours(plan.date, rng.int(0, 30)).getTime(), Math.max(today.getTime(), plan.date.getTime()))),
		})
		refs.push({ id, slug, typeSlug, publicationDate: plan.date, isDraft: Boolean(plan.draft), theme: theme.key, free })

		// Authors: one or two; partner content by the commercial editor.
		const first = typeSlug === 'partner-content' ? authorRows.find((a) => a.jobTitle === 'Commercial Editor') ?? authorRows[0] : rng.pick(authorRows)
		authorLinks.push({ articleId: id, authorId: first.id, sortOrder: 0 })
		if (rng.chance(0.22)) {
			const second = rng.pick(authorRows)
			if (second.id !== first.id) authorLinks.push({ articleId: id, authorId: second.id, sortOrder: 1 })
		}
		// Tags
		const companyTags = new Set<number>()
		if (company && headline.includes(company.name)) companyTags.add(company.id)
		if (company2 && headline.includes(company2.name)) companyTags.add(company2.id)
		if (company && rng.chance(0.5)) companyTags.add(company.id)
		if (sponsor) companyTags.add(sponsor.id)
		for (const c of companyTags) tagCompanies.push({ articleId: id, tagId: c })
		tagGeographies.push({ articleId: id, tagId: country.id })
		if (rng.chance(0.35)) tagGeographies.push({ articleId: id, tagId: country.regionId! })
		tagIndustries.push({ articleId: id, tagId: industry.id })
		if (project && (headline.includes(project.name) || rng.chance(0.25))) tagProjects.push({ articleId: id, tagId: project.id })
		const techTags = new Set<number>()
		for (const s of rng.sample(theme.technologySlugs, rng.int(1, 2))) {
			const t = technologyBySlug.get(s)
			if (t) techTags.add(t.id)
		}
		for (const t of techTags) tagTechnologies.push({ articleId: id, tagId: t })
		const topicTags = new Set<number>()
		for (const s of rng.sample(theme.topicSlugs, rng.int(1, 3))) {
			const t = topicBySlug.get(s)
			if (t) topicTags.add(t.id)
		}
		if (typeSlug === 'deal') topicTags.add(topicBySlug.get('m-and-a')!.id)
		if (typeSlug === 'tariff-survey') topicTags.add(topicBySlug.get('tariffs')!.id)
		for (const t of topicTags) tagTopics.push({ articleId: id, tagId: t })
		if (event && (typeSlug === 'event-report' || typeSlug === 'live-update' || (typeSlug === 'webinar' && rng.chance(0.5)))) tagEvents.push({ articleId: id, tagId: event.id })
	})

	await insertAll(ctx.db, articles, rows)
	await insertAll(ctx.db, articleAuthors, authorLinks)
	await insertAll(ctx.db, articleCompanies, tagCompanies)
	await insertAll(ctx.db, articleGeographies, tagGeographies)
	await insertAll(ctx.db, articleIndustries, tagIndustries)
	await insertAll(ctx.db, articleProjects, tagProjects)
	await insertAll(ctx.db, articleTechnologies, tagTechnologies)
	await insertAll(ctx.db, articleTopics, tagTopics)
	await insertAll(ctx.db, articleEvents, tagEvents)
	return refs
}

/** Which companies fill each Market Map segment (no kinds = utilities). */
const SEGMENT_KINDS: Record<string, string[] | undefined> = {
	Developers: ['investor', 'contractor', 'operator'],
	'EPC contractors': ['contractor'],
	'Technology suppliers': ['technology', 'equipment', 'digital'],
	Operators: ['operator'],
	'Technical advisers': ['consultant'],
	'Lenders and investors': ['investor'],
	'Public buyers': undefined,
}

type BodyInput = {
	rng: Random
	theme: Theme
	group: TypeGroup
	/** HTML-escaped placeholder values. */
	vars: Record<string, string>
	/** A random company name (HTML-escaped), of one of the given kinds when possible. */
	companyName: (kinds?: string[]) => string
	/** A random utility name (HTML-escaped). */
	utilityName: () => string
	/** A random city of the article's region (HTML-escaped). */
	cityName: () => string
	year: number
}

/**
 * 4-8 paragraphs with 1-3 <h2> headings: an opening written for the article type, the theme's
 * sentences, a block in the type's own form (Q&A, market map, tariff list...) and an outlook.
 */
function buildBody({ rng, theme, group, vars, companyName, utilityName, cityName, year }: BodyInput): string {
	const paragraphs = rng.int(4, 8)
	const headingCount = Math.min(rng.int(1, 3), paragraphs - 2)
	const headings = rng.sample(theme.headings, headingCount)
	const headingAt = new Set(rng.sample([...Array(paragraphs - 2).keys()].map((i) => i + 1), headingCount))
	const themePool = rng.shuffle(theme.sentences)
	const genericPool = rng.shuffle(group === 'procurement' || group === 'deal' || group === 'company' ? GENERIC_SENTENCES : GENERIC_SENTENCES.filter((g) => !/bid|tender|contract/i.test(g)))
	const quotes = rng.shuffle(QUOTES)
	const take = (pool: string[], fallback: string[]) => (pool.length ? pool.pop()! : genericPool.length ? genericPool.pop()! : rng.pick(fallback))
	const f = (t: string) => fill(t, vars)
	const speaker = group === 'interview' || group === 'media' ? vars.person : null
	const nextQuote = () => f(quotes.length ? quotes.pop()! : rng.pick(QUOTES))
	const quote = () => `“${nextQuote()},” said ${speaker ?? `${personName(rng)}, ${rng.pick(ROLES)} of ${rng.chance(0.5) ? vars.company : vars.utility}`}.`
	const special = (): string[] => {
		switch (group) {
			case 'interview': {
				const surname = vars.person.split(' ').slice(-1)[0]
				return rng.sample(INTERVIEW_QUESTIONS, rng.int(3, 4)).flatMap((q) => [`<p><strong>GWI: ${f(q)}</strong></p>`, `<p><strong>${surname}:</strong> ${nextQuote()}. ${f(take(themePool, theme.sentences))}</p>`])
			}
			case 'marketmap':
				return [
					`<ul>${rng
						.sample(MARKET_MAP_SEGMENTS, rng.int(4, 6))
						.map((segment) => {
							const kinds = SEGMENT_KINDS[segment]
							const names = new Set(Array.from({ length: 3 }, () => (kinds ? companyName(kinds) : utilityName())))
							return `<li><strong>${segment}:</strong> ${[...names].join(', ')}</li>`
						})
						.join('')}</ul>`,
				]
			case 'quarterly':
				return [`<ul>${Array.from({ length: rng.int(4, 6) }, () => rng.pick([
					`${companyName()} acquired ${companyName()} for ${money(rng, 20, 900)}.`,
					`${companyName()} won a ${formatNumber(rng.int(20, 400) * 1000)}m3/d contract in ${cityName()}.`,
					`${cityName()} launched a ${money(rng, 50, 2000)} ${theme.plant} tender.`,
					`${companyName()} raised ${money(rng, 50, 800)} to fund growth.`,
				])).map((item) => `<li>${item}</li>`).join('')}</ul>`]
			case 'tariff':
				return [`<ul>${Array.from({ length: rng.int(5, 7) }, () => `<li>${cityName()}: US$${rng.float(0.4, 6.5).toFixed(2)}/m3 (${rng.chance(0.85) ? '+' : '−'}${rng.float(0.5, 14).toFixed(1)}% on ${year - 1})</li>`).join('')}</ul>`]
			case 'live':
				return Array.from({ length: rng.int(2, 3) }, (_, i) => `<p><strong>${String(9 + i * 2).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}</strong> ${f(take(themePool, theme.sentences))} ${f(take(genericPool, GENERIC_SENTENCES))}</p>`)
			case 'event':
				return [`<ol>${rng.sample(EVENT_TAKEAWAYS, rng.int(3, 5)).map((t) => `<li>${t}</li>`).join('')}</ol>`]
			case 'media':
				return [`<p>In this ${rng.chance(0.5) ? 'episode' : 'session'}, ${vars.person}, ${vars.role} of ${vars.company}, discusses ${vars.topic} in ${vars.region} with GWI’s analysts. Topics include ${vars.issue}, the project pipeline and the outlook for ${year + 1}.</p>`]
			default:
				return []
		}
	}
	const parts: string[] = []
	let h = 0
	let specialDone = false
	for (let p = 0; p < paragraphs; p++) {
		if (headingAt.has(p)) {
			parts.push(`<h2>${headings[h++]}</h2>`)
			if (!specialDone) {
				const block = special()
				if (block.length) {
					parts.push(...block)
					specialDone = true
					continue
				}
			}
		}
		const sentences: string[] = []
		if (p === 0) {
			sentences.push(f(rng.pick(STANDFIRSTS[group])), f(take(themePool, theme.sentences)))
			if (speaker && group === 'interview') sentences.push(`${vars.person} has been ${vars.role} of ${vars.company} since ${year - rng.int(1, 9)}.`)
		} else if (p === paragraphs - 1) {
			sentences.push(f(take(genericPool, GENERIC_SENTENCES)), rng.pick(OUTLOOK))
		} else {
			const n = rng.int(2, 4)
			for (let i = 0; i < n; i++) sentences.push(f(rng.chance(0.6) ? take(themePool, theme.sentences) : take(genericPool, GENERIC_SENTENCES)))
			if (rng.chance(0.35)) sentences.push(quote())
		}
		parts.push(`<p>${sentences.join(' ')}</p>`)
	}
	return parts.join('\n')
}
