/** Custom pages (home, policies, hubs, expertise pages), their cards, and adverts. */
import { adverts, cards, pages } from '../db/schema.ts'
import { ADVERT_BANNER, ADVERT_IMAGES, COVER_IMAGES, DOCUMENT_COVERS, MEMBERSHIP_IMAGE, PAGE_BANNER } from './images.ts'
import { TOTAL_SPENDING_CHART } from './forecasts.ts'
import { addDays, insertAll, slugify, type SeedContext } from './util.ts'

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

const CAREERS = [
	section('Working at GWI', 'We are a small team of journalists, analysts, data scientists and commercial staff in London, Oxford and Dubai, covering the water industry in more than 100 countries. We value curiosity, accuracy and plain writing.'),
	section(
		'Current openings',
		'<strong>Senior reporter, Middle East</strong> (Dubai): cover desalination, utilities and project finance across the Gulf.',
		'<strong>Data analyst, forecasts</strong> (Oxford): build and maintain our market models of utility and industrial water spending.',
		'<strong>Account manager</strong> (London): look after our corporate members and partners.',
	),
	section('How to apply', 'Send a CV and a short covering note to careers@globalwaterintel.example. We reply to every application within two weeks.'),
].join('')

const CONTACT = [
	section('Memberships and subscriptions', 'For questions about your membership, invoices or access for colleagues, email subscriptions@globalwaterintel.example or call +44 1865 000 000 (Monday to Friday, 9:00 to 17:30 UK time).'),
	section('Editorial', 'Send news, press releases and story ideas to editor@globalwaterintel.example. Our reporters cover utilities, technology, projects, deals and policy worldwide.'),
	section('Advertising and partnerships', 'To reach the decision makers of the global water industry, email advertising@globalwaterintel.example or see our advertising options.'),
	section('Our offices', 'Global Water Intelligence, 1 Water Lane, Oxford OX1 1AA, United Kingdom.'),
].join('')

const METHODOLOGY = [
	section('Our research', 'GWI’s analysts track utilities, industrial water users, technology suppliers and contractors through interviews, company reports, procurement notices and our own databases of projects, deals and tariffs.'),
	section('Market forecasts', 'Forecasts of capital and operating expenditure are built country by country from asset bases, renewal rates, population growth and regulatory drivers, then reconciled with announced capital programmes. They are updated every spring and autumn.'),
	section('The Project Tracker', 'Every tracked project is verified with the client or a bidder before it is published and is updated as it moves from conceptual stage to contract award.'),
	section('The Tariff Survey', 'Each year we collect the combined water and wastewater tariff of the largest utility in more than 500 cities, expressed for a consumption of 15 m³ a month and converted to US$.'),
].join('')

const DESALINATION_HUB = '<p>Everything GWI publishes on desalination in one place: news and analysis, the projects in procurement, the companies that build and operate plants, and our data on contracted capacity.</p>'
const MARKET_DATA = '<p>A selection of GWI’s market data: spending forecasts, tariffs, utilities and deals. Strategist members can explore every figure in the forecast explorer.</p>'

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
	{ slug: 'careers', name: 'Careers', headline: 'Careers at GWI', description: 'Join the team that reports on and analyses the global water industry.', bodyText: CAREERS },
	{ slug: 'contact', name: 'Contact us', headline: 'Contact us', description: 'How to reach GWI’s subscriptions, editorial and advertising teams.', bodyText: CONTACT },
	{ slug: 'methodology', name: 'Methodology', headline: 'Our methodology', description: 'How GWI researches its news, forecasts, Project Tracker and Tariff Survey.', bodyText: METHODOLOGY },
	{ slug: 'magazine-archive', name: 'Magazine archive', headline: 'Global Water Intelligence magazine archive', description: 'Every monthly issue of the Global Water Intelligence magazine.', bodyText: '<p>Members can read and download every issue of the magazine. Use the date filters to find an issue.</p>' },
	{ slug: 'desalination-hub', name: 'Desalination', headline: 'Desalination', description: 'News, projects, companies and data on desalination worldwide.', bodyText: DESALINATION_HUB },
	{ slug: 'water-market-data', name: 'Water market data', headline: 'Water market data', description: 'Spending forecasts, tariffs, utilities and deals from GWI’s market data.', bodyText: MARKET_DATA },
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
		card(home, 'BlogCard', 'Centre', 'TwoThirds', 4, { title: 'From our blogs', pageSize: 3, seeMoreLink: '/article-types/blog' }),
		card(home, 'ProjectListCard', 'Centre', 'TwoThirds', 5, { title: 'Project Tracker updates', maxRecordCount: 5 }),
		card(home, 'AdvertCard', 'Right', 'Third', 0, { name: 'Aquarion Membrane Systems', link: 'https://www.aquarion-membranes.example/?utm_source=gwi', image: ADVERT_IMAGES[0] }),
		// The month's sponsored article, picked at random (spec 000 §2).
		card(home, 'SingleArticleCard', 'Right', 'Third', 1, { title: 'Sponsored', sponsored: true }),
		card(home, 'EventSearchCard', 'Right', 'Third', 2, { title: 'Upcoming events', maxRecordCount: 5 }),
		card(home, 'LinkCard', 'Right', 'Third', 3, {
			title: 'Become a member',
			description: 'Unlimited news and analysis, Market Maps, the Project Tracker and the monthly magazine.',
			linkUrl: '/memberships',
			linkText: 'See memberships',
			image: MEMBERSHIP_IMAGE,
		}),
		card(home, 'ArticleListCard', 'Bottom', 'Full', 0, { title: 'Editor’s picks', layout: 'ImageList', editorsPick: true, maxRecordCount: 6 }),
		// A banner without its own advert: the API shows one of the booked banner adverts.
		card(home, 'AdvertCard', 'Bottom', 'Full', 1, { name: 'Banner' }),
	]
	const archive = ids.get('archive')!
	const newsletters = ids.get('newsletters')!
	const hub = ids.get('partner-content-hub')!
	const about = ids.get('about-us')!
	cardRows.push(
		card(archive, 'TextCard', 'Top', 'Full', 0, { title: 'The GWI archive', bodyText: '<p>Every issue since 2000. Members can download the full PDF of each magazine.</p>', theme: 'BluePrimary', sticky: false }),
		// One date-filtered search card per page: pageNum, publishedFrom and publishedTo are the page's (spec 002 §2).
		card(archive, 'NewsletterSearchCard', 'Centre', 'ThreeQuarters', 0, { title: 'Newsletter archive', rowsPerPage: 4 }),
		card(archive, 'LinkCard', 'Right', 'Quarter', 0, { title: 'The magazine archive', description: 'Every monthly issue of the Global Water Intelligence magazine since 2000.', linkUrl: '/pages/magazine-archive', linkText: 'Browse the magazine archive', image: DOCUMENT_COVERS.magazine }),
		card(ids.get('magazine-archive')!, 'DocumentSearchCard', 'Centre', 'Full', 0, { title: 'Magazine archive', documentType: 'magazine', rowsPerPage: 3 }),
		card(newsletters, 'TextCard', 'Right', 'Third', 0, { title: 'Get the newsletter', bodyText: '<p>Register for free to receive the weekly Global Water Intelligence newsletter.</p><p><a href="/join">Register</a></p>', theme: 'Green', sticky: true }),
		// The partner content hub: its partner filter (partner-company) narrows the list and names the partner.
		card(hub, 'ArticleListCard', 'Centre', 'TwoThirds', 0, { title: 'Latest partner content', layout: 'SixArticleGrid', partnerContent: true, maxRecordCount: 12 }),
		card(hub, 'CompanyInfoCard', 'Right', 'Third', 0, { title: 'About this partner', partnerFilter: true }),
		card(hub, 'TextCard', 'Right', 'Third', 1, { title: 'Partner with GWI', bodyText: '<p>Partner content is produced with or by our partners and is always labelled. To publish with GWI, contact our partnerships team at partnerships@globalwaterintel.example.</p>', theme: 'Violet', sticky: false }),
		card(hub, 'DocumentSearchCard', 'Bottom', 'Full', 0, { title: 'White papers', documentType: 'whitepaper', rowsPerPage: 2 }),
		card(about, 'StatsCard', 'Centre', 'TwoThirds', 0, {
			title: 'GWI in numbers',
			// Marketing figures of spec 002 §1.
			items: [
				{ label: 'Tracked projects', value: '1,300+', subtitle: 'in the Project Tracker' },
				{ label: 'Analysts', value: '40+', subtitle: 'researching the market' },
				{ label: 'Tariff Survey', value: '569 cities', subtitle: 'in 186 countries' },
				{ label: 'Annual users', value: '390,000+' },
				{ label: 'Page views', value: '1,250,000+', subtitle: 'a year' },
				{ label: 'Countries', value: '180+', subtitle: 'where our readers work' },
				{ label: 'Decision-makers', value: '40%', subtitle: 'of our audience' },
			],
		}),
		card(about, 'LinkCard', 'Right', 'Third', 0, { title: 'Advertise with GWI', description: 'Reach the decision makers of the global water industry.', linkUrl: '/advertise', linkText: 'Advertising options', image: ADVERT_IMAGES[1] }),
		card(about, 'TextCard', 'Right', 'Third', 1, { title: 'Contact us', bodyText: '<p>Subscriptions: subscriptions@globalwaterintel.example<br>Editorial: editor@globalwaterintel.example</p>', theme: 'Teal', sticky: false }),
		card(ids.get('careers')!, 'LinkCard', 'Right', 'Third', 0, { title: 'Life at GWI', description: 'Meet the team and read about how we work.', linkUrl: '/pages/about-us', linkText: 'About GWI', image: COVER_IMAGES.river }),
		card(ids.get('contact')!, 'LinkCard', 'Right', 'Third', 0, { title: 'Advertise with GWI', description: 'Media kit, audience and sales contacts.', linkUrl: '/advertise', linkText: 'Advertising options', image: ADVERT_IMAGES[1] }),
		card(ids.get('methodology')!, 'LinkCard', 'Right', 'Third', 0, { title: 'Forecast definitions', description: 'What each forecast measure and category means.', linkUrl: '/forecast-definitions', linkText: 'Read the definitions' }),
		...EXPERTISES.filter((e) => e.pageSlug).flatMap((e) => [
			card(ids.get(e.pageSlug!)!, 'CompanySearchCard', 'Centre', 'TwoThirds', 0, { title: `${e.name} companies`, expertise: e.name, maxRecordCount: 10 }),
			card(ids.get(e.pageSlug!)!, 'SearchCard', 'Right', 'Third', 0, { title: 'Coverage', searchTerm: e.name, sortBy: 'Relevance', filters: { 'Page type': ['/articles'] }, maxRecordCount: 5 }),
		]),
		...showcaseCards(ids, card),
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

type CardMaker = (ownerId: number, cardType: string, position: (typeof cards.$inferInsert)['position'], width: (typeof cards.$inferInsert)['width'], sortOrder: number, config: Record<string, unknown>) => typeof cards.$inferInsert

/**
 * The desalination hub and the market data page: real content that shows every kind of data
 * and search card (charts with year, date and category axes, a paged table, forecasts,
 * contexts, projects, companies, utilities, deals, events, blogs, the partner article grid).
 */
function showcaseCards(ids: PageRows, card: CardMaker) {
	const desal = ids.get('desalination-hub')!
	const market = ids.get('water-market-data')!
	return [
		card(desal, 'ArticleListCard', 'Top', 'Full', 0, { title: 'Desalination news', layout: 'TenArticleGridWithPartner', technologySlug: 'desalination', maxRecordCount: 10, seeMoreLink: '/technologies/desalination' }),
		card(desal, 'ChartCard', 'Centre', 'TwoThirds', 0, {
			title: 'Contracted desalination capacity',
			description: 'New capacity contracted worldwide each year, million m3/d.',
			chartType: 'column-stacked',
			dataPoints: [
				['Year', 'Seawater', 'Brackish water', 'Other'],
				['2018', '3.1', '0.8', '0.3'],
				['2019', '3.6', '0.9', '0.3'],
				['2020', '3.3', '0.7', '0.2'],
				['2021', '4.2', '0.9', '0.3'],
				['2022', '4.8', '1.0', '0.4'],
				['2023', '5.6', '1.1', '0.4'],
				['2024', '6.1', '1.2', '0.5'],
				['2025', '6.4', '1.3', '0.5'],
			],
			xAxisLabel: 'Year',
			yAxisLabel: 'million m3/d',
			source: 'DesalData',
			footnote: 'Capacity is counted when the construction contract is signed.',
		}),
		card(desal, 'DatabaseChartCard', 'Centre', 'TwoThirds', 1, {
			title: 'Desalination forecast',
			description: 'Contracted desalination capacity by region, million m3/d a year.',
			dataSourceChartType: 'Desal',
			startYear: 2022,
			endYear: 2029,
			hideCAGR: false,
			chartTableDisplayType: 'ChartTable',
			xAxisLabel: 'Year',
			source: 'GWI forecasts',
		}),
		card(desal, 'ContextSearchCard', 'Centre', 'TwoThirds', 2, {
			title: 'Understanding desalination',
			contextSlugs: ['Contracted versus online desalination capacity', 'Energy use in desalination', 'The IWP model', 'Water stress and desalination demand'].map(slugify),
		}),
		card(desal, 'ProjectSearchCard', 'Centre', 'TwoThirds', 3, { title: 'Desalination projects', projectTypes: ['Desal'], maxRecordCount: 8 }),
		card(desal, 'BlogCard', 'Centre', 'TwoThirds', 4, { title: 'Desalination blog', blogTypeSlug: 'desalination-blog', pageSize: 2, seeMoreLink: '/blogs/desalination-blog' }),
		card(desal, 'TextCard', 'Right', 'Third', 0, {
			title: 'About this hub',
			bodyText: '<p>Desalination now supplies more than 100 million m³ of water a day. This hub follows the plants, the people and the prices behind it.</p><p><a href="/pages/water-market-data">More market data</a></p>',
			theme: 'Teal',
			sticky: true,
		}),
		card(desal, 'CompanyInfoCard', 'Right', 'Third', 1, { title: 'Featured partner', companySlug: 'osmotec-desalination' }),
		card(desal, 'CompanySearchCard', 'Right', 'Third', 2, { title: 'Desalination companies', expertise: 'Desalination', maxRecordCount: 6 }),
		card(desal, 'EventSearchCard', 'Bottom', 'Full', 0, { title: 'Events', columns: 4, maxRecordCount: 4, upcoming: true }),

		card(market, 'StatsCard', 'Top', 'Full', 0, {
			title: 'The water market at a glance',
			items: [
				{ label: 'Water and wastewater spending', value: 700, unit: 'billion', currency: 'USD', layout: 'Currency', subtitle: 'a year', tileFooter: 'GWI estimate' },
				{ label: 'Industrial water spending', value: 100, unit: 'billion', currency: 'USD', layout: 'Currency', subtitle: 'a year', tileFooter: 'GWI estimate' },
				{ label: 'Desalination capacity contracted', value: 8.2, unit: 'million m³/d', subtitle: 'last year', tileFooter: 'DesalData' },
				{ label: 'Cities in the Tariff Survey', value: 569, subtitle: 'in 186 countries' },
			],
		}),
		card(market, 'DatabaseChartCard', 'Centre', 'TwoThirds', 0, {
			title: 'Global water spending forecast',
			description: 'Utility and industrial capital and operating expenditure by region, US$ million.',
			...TOTAL_SPENDING_CHART,
		}),
		card(market, 'TableCard', 'Centre', 'TwoThirds', 1, {
			title: 'Combined water and wastewater tariffs',
			description: 'Charge for 15 m3 a month at the largest utility of each city.',
			dataPoints: [
				['City', 'Country', 'Tariff (USD/m3)', 'Change (%)'],
				['Copenhagen', 'Denmark', '9.81', '3.2'],
				['Zurich', 'Switzerland', '7.02', '1.1'],
				['Oslo', 'Norway', '6.64', '4.8'],
				['Berlin', 'Germany', '5.73', '2.0'],
				['London', 'United Kingdom', '4.91', '7.5'],
				['Sydney', 'Australia', '4.52', '3.9'],
				['Paris', 'France', '4.37', '2.6'],
				['San Francisco', 'United States', '4.12', '6.1'],
				['Toronto', 'Canada', '2.98', '3.0'],
				['Singapore', 'Singapore', '2.35', '0.0'],
				['Tokyo', 'Japan', '2.11', '-0.4'],
				['Santiago', 'Chile', '1.62', '5.3'],
				['Dubai', 'United Arab Emirates', '1.58', 'n/a'],
				['Mexico City', 'Mexico', '0.74', '9.8'],
			],
			maxRecordCount: 6,
			source: 'GWI Tariff Survey',
			footnote: 'Tariffs converted to US$ at the survey’s reference exchange rates.',
		}),
		card(market, 'ChartCard', 'Centre', 'TwoThirds', 2, {
			title: 'Water tariffs in selected cities',
			description: 'US$ per m3 for 15 m3 a month.',
			chartType: 'bar',
			dataPoints: [
				['City', 'Tariff (USD/m3)'],
				['Copenhagen', '9.81'],
				['Berlin', '5.73'],
				['London', '4.91'],
				['Singapore', '2.35'],
				['Dubai', '1.58'],
				['Mexico City', '0.74'],
			],
			source: 'GWI Tariff Survey',
		}),
		card(market, 'ChartCard', 'Centre', 'TwoThirds', 3, {
			title: 'GWI water stocks index',
			description: 'Listed water companies by month, January 2025 = 100.',
			chartType: 'line',
			dataPoints: [
				['Month', 'Water stocks', 'World equities'],
				['2025-01', '100', '100'],
				['2025-02', '102.4', '101.1'],
				['2025-03', '101.8', '98.7'],
				['2025-04', '104.9', '99.5'],
				['2025-05', '107.2', '103.0'],
				['2025-06', '108.6', '104.8'],
				['2025-07', '110.1', '105.2'],
				['2025-08', '109.4', '106.9'],
			],
			yAxisLabel: 'Index',
			source: 'GWI analysis of company share prices',
		}),
		card(market, 'ContextSearchCard', 'Centre', 'TwoThirds', 4, {
			title: 'Background',
			contextSlugs: ['Global water market size', 'Why tariffs differ between cities', 'Non-revenue water explained'].map(slugify),
		}),
		// A sunburst database chart (its year selector, spec 001 §2), the table above the chart.
		card(market, 'DatabaseChartCard', 'Centre', 'TwoThirds', 5, {
			title: 'Water spending by region',
			description: 'Utility and industrial spending by region, US$ million, one year at a time.',
			...TOTAL_SPENDING_CHART,
			chartType: 'sunburst',
			chartTableDisplayType: 'TableChart',
			footnote: 'Regions as GWI defines them; totals may not add up because of rounding.',
		}),
		card(market, 'UtilitySearchCard', 'Right', 'Third', 0, { title: 'Largest utilities', maxRecordCount: 5 }),
		card(market, 'MergerSearchCard', 'Right', 'Third', 1, { title: 'Latest deals', maxRecordCount: 5 }),
		card(market, 'StatsCard', 'Right', 'Third', 2, { title: 'Nereus Pumps: financial snapshot', companySlug: 'nereus-pumps' }),
		card(market, 'SearchCard', 'Right', 'Third', 3, { title: 'More on tariffs', searchTerm: 'tariffs', sortBy: 'Relevance', filters: { 'Page type': ['/articles'] }, maxRecordCount: 5 }),
	]
}
