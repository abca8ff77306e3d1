/** Newsletter definitions (one per theme colour) and >= 150 issues with their components. */
import { newsletterComponents, newsletterDefinitions, newsletters } from '../db/schema.ts'
import type { ArticleRef } from './articles.ts'
import { ADVERT_IMAGES, DOCUMENT_COVERS, MEMBERSHIP_IMAGE, NEWSLETTER_BANNER } from './images.ts'
import type { ProjectRow } from './projects.ts'
import { addDays, addHours, DAY_MS, insertAll, previewSecret, scaled, type SeedContext } from './util.ts'

type Colour = (typeof newsletterDefinitions.$inferInsert)['themeColour']

const DEFINITIONS: { slug: string; name: string; frequency: 'Weekly' | 'Monthly'; colour: Colour; issues: number; themes: string[]; permissions: string[] }[] = [
	{ slug: 'global-water-intelligence', name: 'Global Water Intelligence', frequency: 'Weekly', colour: 'Blue', issues: 60, themes: [], permissions: ['read:executive', 'read:executive-trial'] },
	{ slug: 'water-technology', name: 'Water Technology', frequency: 'Weekly', colour: 'Violet', issues: 36, themes: ['digital', 'industrial', 'reuse', 'sludge'], permissions: ['read:executive', 'read:executive-trial'] },
	{ slug: 'project-tracker-alert', name: 'Project Tracker Alert', frequency: 'Weekly', colour: 'Orange', issues: 26, themes: ['wastewater', 'drinking', 'desal'], permissions: ['read:executive', 'read:executive-trial'] },
	{ slug: 'desalination-and-water-reuse', name: 'Desalination & Water Reuse', frequency: 'Monthly', colour: 'Teal', issues: 14, themes: ['desal', 'reuse'], permissions: ['read:executive', 'read:executive-trial'] },
	{ slug: 'water-finance', name: 'Water Finance', frequency: 'Monthly', colour: 'Green', issues: 12, themes: ['finance', 'policy'], permissions: ['read:executive', 'read:executive-trial'] },
	{ slug: 'industrial-water', name: 'Industrial Water', frequency: 'Monthly', colour: 'Brown', issues: 12, themes: ['industrial'], permissions: ['read:executive', 'read:executive-trial'] },
	{ slug: 'strategist-briefing', name: 'Strategist Briefing', frequency: 'Monthly', colour: 'BluePrimary', issues: 12, themes: [], permissions: ['read:strategy', 'read:strategy-beta'] },
]

const INTROS = [
	'<p>Dear [First Name],</p><p>This week’s issue leads on the contracts and tenders that will shape the market for the rest of the year. Our analysts have also updated the Project Tracker with more than 40 changes.</p>',
	'<p>Hello [First Name],</p><p>Welcome to this edition. Deal activity remains strong, with infrastructure funds again the most active buyers, while procurement in the Gulf continues at pace.</p>',
	'<p>Dear [First Name],</p><p>Below you will find our pick of the most important stories, plus a look at the projects moving through procurement this month.</p>',
	'<p>[First Name], here is what matters in water this week: new regulation, a string of contract awards and fresh data from our forecasting team.</p>',
	'<p>Dear [First Name],</p><p>As budgets for next year take shape, utilities are prioritising resilience. This issue looks at where the money is going.</p>',
]

const PROJECT_CATEGORIES: [string, string][] = [
	['Desal', 'Desal'],
	['WWTP', 'WWTP'],
	['WTP', 'WTP'],
	['WaterTransfer', 'Water transfer'],
]

const DISPLAY_TYPES = ['Full', 'HeadlineStandfirst', 'HeadlineOnly', 'BodyTextOnly']

export async function seedNewsletters(ctx: SeedContext, articleRefs: ArticleRef[], projectRows: ProjectRow[]): Promise<number> {
	const rng = ctx.rng('newsletters')
	const today = ctx.today
	await insertAll(
		ctx.db,
		newsletterDefinitions,
		DEFINITIONS.map((d, i) => ({
			id: i + 1,
			slug: d.slug,
			name: d.name,
			publicationFrequency: d.frequency,
			themeColour: d.colour,
			bannerImage: NEWSLETTER_BANNER,
			permissionLevels: d.permissions,
		})),
	)
	const published = articleRefs.filter((a) => !a.isDraft).sort((a, b) => a.publicationDate.getTime() - b.publicationDate.getTime())
	const liveProjects = projectRows.filter((p) => !p.isArchived).sort((a, b) => b.dateLastModified.getTime() - a.dateLastModified.getTime())
	const issues: (typeof newsletters.$inferInsert)[] = []
	const components: (typeof newsletterComponents.$inferInsert)[] = []
	let id = 0
	DEFINITIONS.forEach((def, d) => {
		const count = scaled(ctx, def.issues)
		for (let n = 0; n < count; n++) {
			id++
			// Weekly issues go out on Thursdays; monthly ones on the first Tuesday-ish of the month.
			let date: Date
			if (def.frequency === 'Weekly') {
				const dow = today.getUTCDay()
				const lastThursday = addDays(today, -((dow + 7 - 4) % 7 || 7))
				date = addHours(addDays(lastThursday, -7 * n), 6 + d)
			} else {
				date = addHours(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - n - (today.getUTCDate() > 3 ? 0 : 1), 3)), 6 + d)
				if (date >= today) date = addHours(addDays(today, -1), 6 + d)
			}
			const year = date.getUTCFullYear()
			const issueNumber = def.frequency === 'Weekly' ? Math.ceil((date.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) : date.getUTCMonth() + 1
			const dateText = date.toLocaleString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
			issues.push({
				id,
				slug: `${def.slug}-${date.toISOString().slice(0, 10)}`,
				definitionId: d + 1,
				name: `${def.name}, ${dateText}`,
				edition: `Volume ${year - 2000 + 1}, Issue ${issueNumber}`,
				isDraft: false,
				previewSecret: null,
				published: date,
				bannerImage: NEWSLETTER_BANNER,
				coverImage: DOCUMENT_COVERS.magazine,
				themeColour: def.colour,
				presentationVersion: n > count * 0.8 ? 'V1' : 'V2',
				seeMoreLink: '/pages/archive',
			})
			// Components: intro, one or two article lists, projects, advert, membership link.
			const windowStart = date.getTime() - (def.frequency === 'Weekly' ? 7 : 31) * DAY_MS
			let pool = published.filter((a) => a.publicationDate.getTime() <= date.getTime() && a.publicationDate.getTime() > windowStart)
			const themed = def.themes.length ? pool.filter((a) => def.themes.includes(a.theme)) : pool
			if (themed.length >= 4) pool = themed
			let order = 0
			const add = (componentType: string, config: Record<string, unknown>) => components.push({ newsletterId: id, componentType, sortOrder: order++, config })
			add('TextCard', { bodyText: rng.pick(INTROS), graduatedBackground: rng.chance(0.3) })
			if (pool.length < 3) pool = published.filter((a) => a.publicationDate.getTime() <= date.getTime()).slice(-12)
			const lead = rng.sample(pool, Math.min(pool.length, rng.int(3, 5)))
			add('ArticleListCard', { name: 'Top stories', articleDisplayType: 'Full', articleSlugs: lead.map((a) => a.slug) })
			const rest = pool.filter((a) => !lead.includes(a))
			if (rest.length) add('ArticleListCard', { name: 'Also this week', articleDisplayType: rng.pick(DISPLAY_TYPES.slice(1)), articleSlugs: rng.sample(rest, Math.min(rest.length, rng.int(3, 8))).map((a) => a.slug) })
			const [category, type] = rng.pick(PROJECT_CATEGORIES)
			const recent = liveProjects.filter((p) => p.projectTypes.includes(type) && p.dateLastModified.getTime() <= date.getTime()).slice(0, 5)
			if (recent.length && (def.slug !== 'water-finance' || rng.chance(0.5))) add('ProjectListCard', { name: 'Project Tracker updates', projectCategory: category, projectSlugs: recent.map((p) => p.slug) })
			if (order < 4 || rng.chance(0.7)) add('AdvertCard', { image: rng.pick(ADVERT_IMAGES), link: 'https://www.aquarion-membranes.example/?utm_source=gwi-newsletter' })
			if (order < 4 || rng.chance(0.6))
				add('LinkCard', {
					name: 'Membership',
					title: 'Get the full picture',
					description: 'Executive members get every Market Map, the Project Tracker and the monthly magazine.',
					footer: 'Global Water Intelligence',
					linkUrl: '/memberships',
					linkText: 'See memberships',
					linkIcon: 'arrow',
					image: MEMBERSHIP_IMAGE,
					imageType: 'Small',
				})
			if (rng.chance(0.3)) add('TextCard', { bodyText: '<p>Have a story for us? Email the newsroom at editor@globalwaterintel.example.</p>', graduatedBackground: false })
		}
	})
	// One draft of next week's main newsletter, reachable with its preview secret.
	id++
	issues.push({
		id,
		slug: `global-water-intelligence-draft-${today.toISOString().slice(0, 10)}`,
		definitionId: 1,
		name: 'Global Water Intelligence (draft)',
		edition: `Volume ${today.getUTCFullYear() - 2000 + 1}, Issue (draft)`,
		isDraft: true,
		previewSecret: (rng.hex(16), previewSecret()),
		published: addDays(today, -1),
		bannerImage: NEWSLETTER_BANNER,
		coverImage: DOCUMENT_COVERS.magazine,
		themeColour: 'Blue',
		presentationVersion: 'V2',
		seeMoreLink: '/pages/archive',
	})
	const latest = published.slice(-6).reverse()
	components.push(
		{ newsletterId: id, componentType: 'TextCard', sortOrder: 0, config: { bodyText: '<p>Dear [First Name],</p><p>Draft issue: not yet sent.</p>', graduatedBackground: false } },
		{ newsletterId: id, componentType: 'ArticleListCard', sortOrder: 1, config: { name: 'Top stories', articleDisplayType: 'Full', articleSlugs: latest.slice(0, 3).map((a) => a.slug) } },
		{ newsletterId: id, componentType: 'ArticleListCard', sortOrder: 2, config: { name: 'Also this week', articleDisplayType: 'HeadlineStandfirst', articleSlugs: latest.slice(3).map((a) => a.slug) } },
		{ newsletterId: id, componentType: 'AdvertCard', sortOrder: 3, config: { image: ADVERT_IMAGES[0], link: 'https://www.aquarion-membranes.example/?utm_source=gwi-newsletter' } },
	)
	await insertAll(ctx.db, newsletters, issues)
	await insertAll(ctx.db, newsletterComponents, components)
	return issues.length
}
