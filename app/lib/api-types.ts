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
export type RefreshedToken = { token: string; refreshToken: string; expiresIn: number }

/** PUT /user/{email}/password: body { oldPassword, newPassword, confirmPassword? }; item on success. */
export type PasswordChanged = { message: string }

/** POST /ip-login (spec 000 §3 "IP or joining user details"). */
export type NetworkUser = { email: string | null; token: string; refreshToken: string | null; userName: string }
