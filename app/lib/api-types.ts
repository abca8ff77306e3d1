/**
 * The content API contract (spec 000 section 7) as the site consumes it.
 * The embedded backend (backend/api) produces exactly these shapes; another host that
 * speaks the same contract can replace it (API_BASE_URL).
 */

/** Every response: `{ success, item | items, errors, warnings }`. */
export type Envelope<T> = {
	success: boolean
	item?: T
	items?: T[]
	errors: string[]
	warnings: string[]
}

/** A paged list (GET /{entity}, GET /articles). */
export type ListEnvelope<T> = Envelope<T> & {
	items: T[]
	totalHits: number
	totalPages: number
	pageNum: number
	pageSize: number
}

/** Page and entity responses also carry their cards (componentItems). */
export type PageEnvelope<T> = Envelope<T> & {
	item: T
	componentItems: Card[]
	analyticsPageInfo: AnalyticsPageInfo
}

export type AnalyticsPageInfo = { pageType: string; pageName: string; slug: string }

export type Link = { name: string; slug: string }

// ------------------------------------------------------------------ menus

export type MenuItem = {
	id: number
	name: string
	link: string | null
	menuItemType: 'PageLink' | 'PageLinkList'
	isExternal: boolean
	hasAccess: boolean
	displayWithStrategistTag: boolean
	submenuNameOverride: string | null
	/** Header menu or a footer column. */
	placement: 'header' | 'footer'
	pageLinks: MenuItem[]
}
export type Menu = { id: number; slug: string; name: string; menuItems: MenuItem[] }

// ------------------------------------------------------------------ pages and cards

export type CardPosition = 'Top' | 'Left' | 'Centre' | 'Right' | 'Bottom'
export type CardWidth = 'Full' | 'Half' | 'Third' | 'Quarter' | 'TwoThirds' | 'ThreeQuarters' | 'Sixth'

/**
 * A card. `cardType` names the renderer (ArticleListCard, TextCard, LinkCard, AdvertCard,
 * EventSearchCard, ChartCard, TableCard, ...); `config` holds its fields, with any list
 * the card shows (articles, events, ...) already resolved by the API.
 */
export type Card = {
	id: number
	cardType: string
	position: CardPosition
	width: CardWidth
	sortOrder: number
	sliceSlug: string | null
	config: Record<string, unknown>
}

export type Slice = {
	name: string
	slug: string
	hasAccess: boolean
	visibility: 'standard' | 'expanded' | 'hidden'
	permissionLevels: { slug: string }[]
}

export type SeoProperties = { title?: string | null; description?: string | null; keywords?: string | null }

export type Page = {
	id: number
	name: string
	slug: string
	headline: string | null
	description: string | null
	bodyText: string | null
	bannerImage: string | null
	thumbnail: string | null
	publicationDate: string
	hasAccess: boolean
	seoProperties: SeoProperties
	slices: Slice[]
}

// ------------------------------------------------------------------ articles

export type AuthorSummary = { name: string; slug: string; photo: string | null }
export type Sponsor = { name: string; slug: string; logo: string | null }

export type ArticleSummary = {
	id: number
	slug: string
	headline: string
	standfirst: string | null
	thumbnail: string | null
	imageUrl: string | null
	publicationDate: string
	articleType: Link
	blogType: Link | null
	author: AuthorSummary[]
	sponsor: Sponsor | null
	isEditorsPick: boolean
	isPartnerContent: boolean
	hasAccess: boolean
}

/** GET /noaccesses: a no-access message and the slug that chooses it ('default' is the fallback). */
export type NoAccessMessage = { slug: string; message: string }

export type MeteredAccessItem = { articleTypeSlug: string; description: string; fullSlug: string; dateAccessGranted: string }

export type Article = ArticleSummary & {
	alternateStandfirst: string | null
	leadIn: string | null
	/** Full HTML body; null unless the reader has access (paywalled text never leaves the API). */
	bodyText: string | null
	/** True when the article needs no membership at all (schema.org isAccessibleForFree). */
	isAccessibleForFree: boolean
	/** The opening paragraph shown above the paywall when bodyText is null. */
	previewText: string | null
	hasMeteredAccess: boolean
	isPermittedArticleTypeForUnlocking: boolean
	isOutsideTrialDatesRange: boolean
	meteredAccessItems: MeteredAccessItem[]
	section: string | null
	updatedAt: string
	seoProperties: SeoProperties
	companies: Link[]
	events: Link[]
	geographies: Link[]
	industries: Link[]
	projects: Link[]
	technologies: Link[]
	topics: Link[]
}

// ------------------------------------------------------------------ generic entities

/** GET /{entity} and GET /{entity}/slug/{slug} for the generic kinds. */
export type EntitySummary = {
	id: number
	name: string
	slug: string
	description: string | null
	thumbnail: string | null
	publicationDate: string | null
	hasAccess: boolean
	/** Extra list fields of some kinds (a project's country and types; its progress with access). */
	details?: Record<string, unknown>
}

export type Entity = EntitySummary & {
	headline: string | null
	bodyText: string | null
	bannerImage: string | null
	seoProperties: SeoProperties
	slices: Slice[]
	/** Fields of the kind (e.g. an event's dates and location, a project's progress). */
	details: Record<string, unknown>
}

// ------------------------------------------------------------------ search

export type SearchHit = {
	name: string
	description: string | null
	fullUrl: string
	pageTypeUrl: string
	blogType: string | null
	blogUrl: string | null
	publicationDate: string | null
	hasAccess: boolean
	projectIsArchived: boolean
	/** An article hit's type name (a Live update is labelled so); null for other page types. */
	articleType?: string | null
}

export type Aggregation = { name: string; items: Record<string, number> }

export type SearchResult = {
	searchHits: SearchHit[]
	totalHits: number
	totalPages: number
	aggregations: Aggregation[]
}

// ---- Identity (spec 000 §3 "User profile", §7 identity calls) ----

export type ProfileRole = { name: string; startDate: string; endDate: string }
export type OrganisationRef = { name: string; id: number; reference: string }

/** GET /userprofile: the current reader (a person, or an organisation by network address). */
export type UserProfile = {
	roleNames: string[]
	roles: ProfileRole[]
	/** Expired roles the reader may renew (their latest dated role of that name ended, renewable). */
	renewableExpiredRoles: string[]
	hasExpiredExecutiveTrialSubscription: boolean
	hasExpiredExecutiveSubscription: boolean
	showRenewalMessaging: boolean
	hasCompleteProfile: boolean
	/** The last paid role ended 12 months ago or more: a new trial may be requested. */
	expiredSubscriptionOldEnoughToAccessTrial: boolean
	emailAddress: string | null
	/** Subject at the identity provider (the spec's name for it). */
	auth0Id: string
	firstName: string | null
	lastName: string | null
	organisationName: string | null
	organisationId: number | null
	organisationReference: string | null
	parentOrganisation: OrganisationRef | null
	hasOptedOutOfUsageReport: boolean
	meteredAccessItems: MeteredAccessItem[]
	/** Stored strategist-view toggle; null when the reader never chose. */
	strategyMenuEnabled: boolean | null
	/** Preview unpublished data (strategy beta users with preview:data). */
	previewData: boolean
}

/** PUT /userprofile/preferences: any subset; answers with the updated UserProfile. */
export type ProfilePreferences = Partial<Pick<UserProfile, 'strategyMenuEnabled' | 'previewData' | 'hasOptedOutOfUsageReport'>>

/** POST /userprofile/refreshtoken: body { refreshToken, expectedPermissions?, expectedTrialPermissions? }. */
export type RefreshedToken = {
	token: string
	refreshToken: string
	/** Seconds until `token` expires. */
	expiresIn: number
	/** The new token holds every expectedPermissions (or every expectedTrialPermissions) asked for. */
	hasExpectedPermissions: boolean
}

/** GET and DELETE /userprofile/session: whether the bearer token's sign-in stands (ended by DELETE). */
export type SessionState = { active: boolean }

/** PUT /user/{email}/password: body { oldPassword, newPassword, confirmPassword? }; item on success. */
export type PasswordChanged = { message: string }

/** POST /ip-login (spec 000 §3 "IP or joining user details"). */
export type NetworkUser = { email: string | null; token: string; refreshToken: string | null; userName: string }

// ---- Entity pages (spec 000 §2 "Entity pages", §3; 001 company and project fields) ----

/** A node of a company's technology tree (spec 001 §3). */
export type TechnologyNode = {
	slug: string
	name: string
	nodeType: 'Technology' | 'TechnologyType' | 'TechnologySubType' | 'TechnologySubSubType'
	children: TechnologyNode[]
}

/** `details` of GET /companies/slug/{slug}. Water revenue only for Strategists. */
export type CompanyDetails = {
	fullCompanyName: string | null
	companyNameAlias: string | null
	legacyId: number | null
	website: string | null
	primaryExchange: string | null
	logo: string | null
	showAsPage: boolean
	isPartner: boolean
	chemicals: string[]
	engineeringProjectTypes: string[]
	services: string[]
	digitalProducts: string[]
	lastModifiedDate: string | null
	headquartersCountry: Link | null
	expertises: { name: string; pageSlug: string | null }[]
	industries: Link[]
	technologyTree: TechnologyNode[]
	waterRevenue?: number | null
	waterRevenueCurrency?: string | null
	waterRevenueDollars?: number | null
	articles?: ArticleSummary[]
}

/** GET /companies/slug/{slug}/indicators: the latest year of each financial indicator. */
export type FinancialIndicator = {
	indicator: string
	indicatorDisplayName: string
	year: number
	value: number
	currency: string
	roundedValue: number
	roundedUnit: string
	unitDisplayName: string
	roundedValueUSD: number
	roundedUnitUSD: string
	footnote: string | null
	fullDate: string | null
	lastUpdated: string | null
}

/** `details` of GET /projects/slug/{slug}: everything past `projectTypes` only with access (read:project). */
export type ProjectDetails = {
	name: string
	country: Link | null
	projectTypes: string[]
	status?: string | null
	shortStatus?: string | null
	structure?: string | null
	progress?: string
	categories?: string[]
	subcategories?: string[]
	buildType?: string | null
	capacityM3d?: number | null
	capacityPeople?: number | null
	capacityUnit?: 'm3/d' | 'PE' | 'Dry tonnes/year' | 'MGD' | null
	disposalRoutes?: string[]
	treatmentLevels?: string[]
	clientName?: string | null
	region?: string | null
	state?: string | null
	dateAdded?: string | null
	dateLastModified?: string | null
	isArchived?: boolean
	utility?: Link | null
	expectedCost?: { cost: number | null; costLocalCurrency: number | null; localCurrency: string | null; description: string | null } | null
	contacts?: { name: string; organisation: string | null; phone: string | null; email: string | null }[]
	history?: { date: string; cost: number | null; status: string | null; progress: string | null }[]
	technologies?: Link[]
	companies?: (Link & { role: string })[]
	articles?: ArticleSummary[]
}

/** `details` of GET /geographies/slug/{slug}. */
export type GeographyDetails = { isRegion: boolean; region: Link | null; countries: Link[] }

/** `details` of GET /technologies/slug/{slug}: its top-level technology types. */
export type TechnologyDetails = { technologyTypes: Link[] }

/** `details` of GET /technology-types/slug/{slug}: its place in the technology tree. */
export type TechnologyTypeDetails = {
	nodeType: Exclude<TechnologyNode['nodeType'], 'Technology'>
	technology: Link | null
	parent: Link | null
	/** Every ancestor node, the top one first. */
	ancestors: Link[]
	children: Link[]
}

/** `details` of GET /events/slug/{slug}. */
export type EventDetails = {
	startDate: string
	endDate: string
	location: string | null
	projectRegion: string | null
	websiteUrl: string | null
	registerUrl: string | null
	contactEmail: string | null
	logo: string | null
	heroImage: string | null
	isPartnerEvent: boolean
	country: Link | null
}

/** `details` of GET /utilities/slug/{slug}: everything but the country only with access (Strategist). */
export type UtilityDetails = {
	headquartersCountry: Link | null
	utilityState?: string | null
	projectRegion?: string | null
	utilityOwnershipType?: string | null
	utilityServices?: string[]
	waterPopulation?: number | null
	wastewaterPopulation?: number | null
	nonRevenueWater?: number | null
	website?: string | null
	lastModifiedDate?: string | null
}
// ---- Cards (cards feature): the `config` of each card type once the API has resolved it ----
// A card's config keeps the CMS fields and gains the lists it shows. `error: true` marks a card
// whose data failed to load; `hasAccess: false` one whose content the reader may not see.

/** An event in an event search card (spec 001 §2 Event cards). */
export type CardEvent = {
	name: string
	slug: string
	startDate: string
	endDate: string | null
	location: string | null
	isPartnerEvent: boolean
	thumbnail: string | null
}

/** A project row of project list and project search cards; details only with read:project. */
export type CardProject = {
	name: string
	slug: string
	country: string | null
	projectTypes: string[]
	hasAccess: boolean
	progress?: string
	shortStatus?: string | null
	dateLastModified?: string
	isArchived?: boolean
}

/** A cover in a document or newsletter search card's grid. */
export type CoverItem = {
	name: string
	slug: string
	/** Where the cover leads: /documents/{slug} or /newsletters/{slug}. */
	url: string
	image: string | null
	publicationDate: string
	/** Document type or newsletter title. */
	label: string | null
	hasAccess: boolean
	hasSampleAccess?: boolean
}

/** Document and newsletter search cards (spec 002 §2): one page of covers and its date filter. */
export type CoverGridResult = {
	items: CoverItem[]
	totalHits: number
	totalPages: number
	pageNum: number
	pageSize: number
	rowsPerPage: number
	publishedFrom: string
	publishedTo: string
	/** The date-order warning when 'from' is after 'to'. */
	warning: string | null
}

/** A context (spec 001 §3 Context item) in a context search card. */
export type CardContextItem = {
	slug: string
	name: string
	htmlDescription: string | null
	/** Null without access. */
	bodyText: string | null
	publicationDate: string
	authorNames: string[]
	hasAccess: boolean
	isExpanded: boolean
	/** "Available with" and the membership that opens it, when locked. */
	availableWith: string | null
	/** Its chart, table or database-chart cards (empty without access). */
	contextComponents: Card[]
}

export type CompanyHit = {
	name: string
	slug: string
	headquartersCountry: string | null
	expertises: string[]
	/** Strategist readers only (company financial data). */
	waterRevenueDollars?: number | null
}

export type UtilityHit = {
	name: string
	slug: string
	headquartersCountry: string | null
	hasAccess: boolean
	utilityState?: string | null
	utilityOwnershipType?: string | null
	waterPopulation?: number | null
	wastewaterPopulation?: number | null
	nonRevenueWater?: number | null
}

export type MergerHit = {
	name: string
	slug: string
	year: number
	targetName: string
	acquirorName: string
	targetCountry: string | null
	hasAccess: boolean
	status?: 'Complete' | 'Pending'
	percentAcquired?: number | null
	priceDollars?: number | null
}

/** A stats tile (spec 000 §3 stats item). */
export type StatItem = {
	label: string
	value: string | number | null
	unit?: string | null
	currency?: string | null
	/** 'Currency' shows the value as money; anything else as a plain figure. */
	layout?: string | null
	subtitle?: string | null
	tileFooter?: string | null
	tileFooterRight?: string | null
}

/** Company details and activities (spec 001 §2 Company cards). */
export type CompanyInfo = {
	name: string
	slug: string
	fullCompanyName: string | null
	companyNameAlias: string | null
	headquartersCountry: Link | null
	description: string | null
	website: string | null
	primaryExchange: string | null
	logo: string | null
	/** Strategist readers only. */
	waterRevenue?: number | null
	waterRevenueCurrency?: string | null
	waterRevenueDollars?: number | null
	expertises: { name: string; pageSlug: string | null }[]
	industries: Link[]
	chemicals: string[]
	engineeringProjectTypes: string[]
	services: string[]
}

/** A blog card's post: the full text only for readers with access (Read More). */
export type BlogPost = ArticleSummary & { bodyText: string | null }
