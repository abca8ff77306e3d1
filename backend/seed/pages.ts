/** Custom pages (home, policies, hubs, expertise pages), their cards, and adverts. */
import { adverts, cards, pages } from '../db/schema.ts'
import { ADVERT_BANNER, ADVERT_IMAGES, COVER_IMAGES, MEMBERSHIP_IMAGE, PAGE_BANNER } from './images.ts'
import { addDays, insertAll, type SeedContext } from './util.ts'

type PageDef = { slug: string; name: string; headline: string; description: string; bodyText: string; permissionLevels?: string[] }

const section = (title: string, ...paragraphs: string[]) => `<h2>${title}</h2>${paragraphs.map((p) => `<p>${p}</p>`).join('')}`

const PRIVACY = [
	section(
		'Who we are',
		'Global Water Intelligence (“GWI”, “we”, “us”) publishes news, analysis, market data and project intelligence for the international water industry. We are the controller of the personal data described in this policy.',
		'If you have any questions about this policy or how we handle your data, contact our data protection officer at privacy@globalwaterintel.example.',
	),
	section(
		'The information we collect',
		'We collect the information you give us when you register, start a free trial, buy a membership, sign up for a newsletter or register for an event: your name, email address, job title, organisation, billing address and, where you buy as an organisation, a VAT number.',
		'We also collect information about how you use the site: the pages you read, the documents you download, the searches you save and technical data such as your browser, device and network address. Organisations that sign in by network address share the address ranges they use.',
	),
	section(
		'How we use your information',
		'We use your information to provide the services you have asked for, to manage your account and membership, to process payments, to send the newsletters you have chosen and to tell you about renewals.',
		'With your consent we use analytics and advertising cookies to understand how the site is used and to show relevant advertising. Where your organisation holds a corporate membership we may share usage reports with its administrator unless you opt out in your profile.',
	),
	section(
		'Sharing your information',
		'We share personal data with service providers who host the site, process payments and deliver email on our behalf, under contracts that require them to protect it. When you download a white paper produced with a partner, we tell you before the download and share your details with that partner only if you agree.',
		'We do not sell your personal data.',
	),
	section(
		'How long we keep it',
		'We keep account information for as long as your account is open and for six years after it closes, to meet our legal and accounting obligations. Usage data is kept for 26 months.',
	),
	section(
		'Your rights',
		'You can ask to see, correct or delete the personal data we hold about you, object to or restrict its use, and ask for a copy in a portable format. You can change your marketing preferences at any time from the link in every email.',
		'You also have the right to complain to your data protection authority.',
	),
].join('')

const TERMS = [
	section('About these terms', 'These terms govern your use of the Global Water Intelligence website, newsletters, Project Tracker and data products. By creating an account or buying a membership you agree to them.'),
	section(
		'Memberships and free trials',
		'A membership gives named users access to the content of the membership tier they have bought for the membership period. A free trial lasts two weeks, includes content published in the month before the trial began and one Market Map, and may be requested once in any twelve-month period.',
		'Memberships renew at the end of the period unless cancelled. We will remind you before renewal.',
	),
	section(
		'Using our content',
		'You may read, download and print content for your own internal business use. You may not redistribute, resell or systematically download content, share your login, or use content to train machine-learning models without our written permission.',
		'Forecasts and market data are estimates prepared with care but without warranty; decisions made on them are your responsibility.',
	),
	section('Payment', 'Prices are shown excluding VAT, which is added where applicable. Payment is due on order. Corporate memberships may be invoiced on 30-day terms.'),
	section('Liability', 'Nothing in these terms limits liability that cannot be limited by law. Otherwise our total liability to you in any year is limited to the fees you paid in that year.'),
	section('Changes and governing law', 'We may update these terms; material changes will be notified by email. These terms are governed by the laws of England and Wales.'),
].join('')

const COOKIES = [
	section('What cookies are', 'Cookies are small files a website stores in your browser. We use them, and similar technologies, to keep you signed in, remember your choices and understand how the site is used.'),
	section(
		'The cookies we use',
		'<strong>Functionality and security</strong> cookies are always on: they keep you signed in, protect forms against forgery and remember your cookie choices.',
		'<strong>Analytics</strong> cookies tell us which pages are read and how visitors move around the site. <strong>Advertising</strong> and <strong>personalisation</strong> cookies let us and our partners show relevant advertising and content. These are only set with your consent.',
	),
	section('Your choices', 'You can accept all cookies, reject all optional cookies or customise your selection from the cookie banner. Your choice is remembered for 150 days, after which we ask again. You can change it at any time from the cookie settings link in the footer.'),
	section('Third-party cookies', 'Some cookies are set by services we use, such as our analytics provider and embedded video players. Their use is governed by those providers’ policies.'),
].join('')

const ABOUT = [
	section('Global Water Intelligence', 'GWI is the leading publisher of market intelligence for the international water industry. Since 2000 we have tracked the projects, companies, deals and policies that shape how the world supplies water and treats wastewater.'),
	section('What we do', 'Our journalists and analysts publish daily news and analysis, the monthly Global Water Intelligence magazine, Market Maps, the annual Tariff Survey and a Project Tracker following more than 1,300 water and wastewater projects. Our Strategist service adds global market forecasts, company and utility databases and M&A data.'),
	section('Who reads us', 'Our readers run utilities, engineering and technology companies, investment funds, development banks and industrial water users in more than 100 countries.'),
].join('')

export const EXPERTISES: { name: string; pageSlug: string | null }[] = [
	{ name: 'Desalination', pageSlug: 'expertise-desalination' },
	{ name: 'Water reuse', pageSlug: 'expertise-water-reuse' },
	{ name: 'Municipal wastewater', pageSlug: 'expertise-municipal-wastewater' },
	{ name: 'Drinking water treatment', pageSlug: 'expertise-drinking-water-treatment' },
	{ name: 'Industrial water treatment', pageSlug: 'expertise-industrial-water-treatment' },
	{ name: 'Sludge & biosolids', pageSlug: 'expertise-sludge-biosolids' },
	{ name: 'Networks & pipes', pageSlug: 'expertise-networks-pipes' },
	{ name: 'Smart water', pageSlug: 'expertise-smart-water' },
	{ name: 'Membranes', pageSlug: null },
	{ name: 'Pumps & valves', pageSlug: null },
	{ name: 'Chemicals', pageSlug: null },
	{ name: 'Engineering & consulting', pageSlug: null },
	{ name: 'Operations & maintenance', pageSlug: null },
	{ name: 'Project finance', pageSlug: null },
	{ name: 'Metering', pageSlug: null },
	{ name: 'Construction', pageSlug: null },
]

const PAGE_DEFS: PageDef[] = [
	{ slug: 'home', name: 'Home', headline: 'Global Water Intelligence', description: 'News, analysis, project tracking and market forecasts for the international water industry.', bodyText: '' },
	{ slug: 'privacypolicy', name: 'Privacy policy', headline: 'Privacy policy', description: 'How Global Water Intelligence collects, uses and protects your personal data.', bodyText: PRIVACY },
	{ slug: 'terms', name: 'Terms and conditions', headline: 'Terms and conditions', description: 'The terms that govern your use of GWI’s website, newsletters and data products.', bodyText: TERMS },
	{ slug: 'cookiepolicy', name: 'Cookie policy', headline: 'Cookie policy', description: 'The cookies we use and the choices you have.', bodyText: COOKIES },
	{ slug: 'partner-content-hub', name: 'Partner content hub', headline: 'Partner content', description: 'Insight, case studies and white papers from GWI’s partners across the water industry.', bodyText: '<p>Our partners are among the leading technology providers, contractors and investors in water. Filter by partner to see their latest content.</p>' },
	{ slug: 'archive', name: 'Archive', headline: 'Newsletter and magazine archive', description: 'Every issue of GWI’s newsletters and magazines, searchable by date.', bodyText: '<p>Members can browse and download every back issue. Use the date filters to find an issue.</p>' },
	{ slug: 'newsletters', name: 'Newsletters', headline: 'Newsletters', description: 'The latest issue of Global Water Intelligence’s newsletters.', bodyText: '<p>GWI’s newsletters bring the week’s most important water-industry stories to your inbox.</p>' },
	{ slug: 'about-us', name: 'About us', headline: 'About Global Water Intelligence', description: 'Who we are, what we publish and who reads us.', bodyText: ABOUT },
	...EXPERTISES.filter((e) => e.pageSlug).map((e) => ({
		slug: e.pageSlug!,
		name: e.name,
		headline: `${e.name} companies`,
		description: `Companies with expertise in ${e.name.toLowerCase()}, with the projects, deals and analysis that involve them.`,
		bodyText: `<p>GWI tracks the companies active in ${e.name.toLowerCase()} worldwide: their contracts, technology, financial performance and deals.</p>`,
	})),
]

export type PageRows = Map<string, number>

export async function seedPages(ctx: SeedContext): Promise<PageRows> {
	const { db, today } = ctx
	const rows = PAGE_DEFS.map((p, i) => ({
		id: i + 1,
		slug: p.slug,
		name: p.name,
		headline: p.headline,
		description: p.description,
		bodyText: p.bodyText,
		bannerImage: p.slug === 'home' ? PAGE_BANNER : null,
		thumbnail: COVER_IMAGES.river,
		permissionLevels: p.permissionLevels ?? [],
		seo: { title: p.slug === 'home' ? 'Global Water Intelligence: water industry news and data' : p.name, description: p.description, keywords: 'water, wastewater, desalination, water industry, market intelligence' },
		publicationDate: addDays(today, -(30 + i * 7)),
		updatedAt: today,
	}))
	await insertAll(db, pages, rows)
	const ids = new Map(rows.map((r) => [r.slug, r.id]))
	const home = ids.get('home')!
	type CardRow = typeof cards.$inferInsert
	const card = (ownerId: number, cardType: string, position: CardRow['position'], width: CardRow['width'], sortOrder: number, config: Record<string, unknown>): CardRow => ({
		ownerKind: 'page',
		ownerId,
		cardType,
		position,
		width,
		sortOrder,
		config,
	})
	const cardRows: CardRow[] = [
		card(home, 'ArticleListCard', 'Top', 'Full', 0, { title: 'Latest news', layout: 'TenArticleGrid', maxRecordCount: 10 }),
		card(home, 'ArticleListCard', 'Centre', 'TwoThirds', 0, { title: 'Market Maps', layout: 'ThreeArticleGrid', articleTypeSlug: 'market-map', maxRecordCount: 3, seeMoreLink: '/article-types/market-map' }),
		card(home, 'ArticleListCard', 'Centre', 'TwoThirds', 1, { title: 'Comment', layout: 'HeadlineList', articleTypeSlug: 'comment', maxRecordCount: 5, seeMoreLink: '/article-types/comment' }),
		card(home, 'ArticleListCard', 'Centre', 'TwoThirds', 2, { title: 'Deals', layout: 'FourArticleGrid', articleTypeSlug: 'deal', maxRecordCount: 4, seeMoreLink: '/article-types/deal' }),
		card(home, 'TextCard', 'Centre', 'TwoThirds', 3, {
			title: 'Project Tracker',
			bodyText:
				'<p>Follow <strong>1,300+ tracked projects</strong> from conceptual stage to contract award: desalination plants, treatment works, reuse schemes and water transfers worldwide, updated every week by GWI’s analysts.</p><p><a href="/projecttracker">Open the Project Tracker</a></p>',
			theme: 'Blue',
			sticky: false,
		}),
		card(home, 'AdvertCard', 'Right', 'Third', 0, { name: 'Aquarion Membrane Systems', link: 'https://www.aquarion-membranes.example/?utm_source=gwi', image: ADVERT_IMAGES[0] }),
		card(home, 'EventSearchCard', 'Right', 'Third', 1, { title: 'Upcoming events', maxRecordCount: 5 }),
		card(home, 'LinkCard', 'Right', 'Third', 2, {
			title: 'Become a member',
			description: 'Unlimited news and analysis, Market Maps, the Project Tracker and the monthly magazine.',
			linkUrl: '/memberships',
			linkText: 'See memberships',
			image: MEMBERSHIP_IMAGE,
		}),
		card(home, 'ArticleListCard', 'Bottom', 'Full', 0, { title: 'Editor’s picks', layout: 'ImageList', editorsPick: true, maxRecordCount: 6 }),
	]
	const archive = ids.get('archive')!
	const newsletters = ids.get('newsletters')!
	const hub = ids.get('partner-content-hub')!
	const about = ids.get('about-us')!
	cardRows.push(
		card(archive, 'TextCard', 'Top', 'Full', 0, { title: 'The GWI archive', bodyText: '<p>Every issue since 2000. Members can download the full PDF of each magazine.</p>', theme: 'BluePrimary', sticky: false }),
		card(archive, 'NewsletterSearchCard', 'Centre', 'Full', 0, { title: 'Newsletter archive', rowsPerPage: 4 }),
		card(archive, 'DocumentSearchCard', 'Centre', 'Full', 1, { title: 'Magazine archive', documentType: 'magazine', rowsPerPage: 4 }),
		card(newsletters, 'TextCard', 'Right', 'Third', 0, { title: 'Get the newsletter', bodyText: '<p>Register for free to receive the weekly Global Water Intelligence newsletter.</p><p><a href="/join">Register</a></p>', theme: 'Green', sticky: true }),
		card(hub, 'ArticleListCard', 'Centre', 'Full', 0, { title: 'Latest partner content', layout: 'SixArticleGrid', partnerContent: true, maxRecordCount: 12 }),
		card(hub, 'DocumentSearchCard', 'Bottom', 'Full', 0, { title: 'White papers', documentType: 'whitepaper', rowsPerPage: 4 }),
		card(about, 'LinkCard', 'Right', 'Third', 0, { title: 'Advertise with GWI', description: 'Reach the decision makers of the global water industry.', linkUrl: '/advertise', linkText: 'Advertising options', image: ADVERT_IMAGES[1] }),
		card(about, 'TextCard', 'Right', 'Third', 1, { title: 'Contact us', bodyText: '<p>Subscriptions: subscriptions@globalwaterintel.example<br>Editorial: editor@globalwaterintel.example</p>', theme: 'Teal', sticky: false }),
	)
	await insertAll(db, cards, cardRows)

	await insertAll(db, adverts, [
		{ name: 'Aquarion Membrane Systems', link: 'https://www.aquarion-membranes.example/?utm_source=gwi', image: ADVERT_IMAGES[0], placement: 'Right' },
		{ name: 'Hydrotec Engineering', link: 'https://www.hydrotec-engineering.example/?utm_source=gwi', image: ADVERT_IMAGES[1], placement: 'Right' },
		{ name: 'Global Water Summit', link: 'https://www.watermeetsmoney.example', image: ADVERT_IMAGES[2], placement: 'Right' },
		{ name: 'BlueGrid Smart Metering', link: 'https://www.bluegrid-metering.example/?utm_source=gwi', image: ADVERT_IMAGES[3], placement: 'Right' },
		{ name: 'DesalData', link: 'https://www.desaldata.example', image: ADVERT_BANNER, placement: 'Banner' },
		{ name: 'Nereus Pumps', link: 'https://www.nereus-pumps.example/?utm_source=gwi', image: ADVERT_BANNER, placement: 'Banner' },
	])
	return ids
}
