/**
 * Every content API endpoint (spec 000 §7), by name: its method, its path
 * (`:name` segments are filled from `params`, URI-encoded), the zod schemas of its query and
 * body, and the schema of its response envelope. The site's client (app/lib/api.server.ts)
 * takes a name and returns that endpoint's typed response; the embedded API
 * (backend/api) parses the same query and body schemas. A new product area adds its
 * endpoints here, from its own contract module.
 */
import { z } from 'zod'
import { ArticleListQuerySchema, ArticleSchema, ArticleSummarySchema, MeteredAccessItemSchema, NoAccessMessageSchema, RelatedArticlesQuerySchema } from './articles.ts'
import { CardQuerySchema } from './card-query.ts'
import { DocumentAccessRecordedSchema, DocumentDownloadQuerySchema } from './documents.ts'
import { InterestDetailsSchema } from './interest-details.ts'
import { CheckoutBodySchema, CheckoutPaymentsSchema, CheckoutUrlSchema, InterestsRecordedSchema, MembershipOffersSchema, SandboxOrderSchema, SandboxPaymentBodySchema, TrialGrantedSchema } from './commerce.ts'
import { EntityListQuerySchema, entitySchemaOf, EntitySchema, EntitySummarySchema, FinancialIndicatorSchema, type Entity } from './entities.ts'
import { emptyEnvelope, envelope, listEnvelope, pageEnvelope, type PageEnvelope } from './envelope.ts'
import { CLIENT_ADDRESS_HEADER, NetworkUserSchema, PasswordChangeBodySchema, PasswordChangedSchema, ProfilePreferencesSchema, RefreshedTokenSchema, RefreshTokenBodySchema, SessionStateSchema, UserProfileSchema } from './identity.ts'
import { NEWSLETTER_ENDPOINTS } from './newsletters.ts'
import { FORECAST_ENDPOINTS } from './forecast.ts'
import { MenuSchema, PageSchema, SitemapEntriesQuerySchema, SitemapEntrySchema, SitemapTypeSchema } from './pages.ts'
import { pagingSchema } from './query.ts'
import { SearchApiQuerySchema, SearchResultSchema } from './search.ts'
import { TRACKER_ENDPOINTS } from './tracker.ts'
import { INDEX_ENDPOINTS } from './indexes.ts'
import { GEOGRAPHY_ENDPOINTS } from './geographies.ts'
import { EVENT_ENDPOINTS } from './events.ts'
import { SAVED_SEARCH_ENDPOINTS } from './saved-searches.ts'
import { ALERT_ENDPOINTS } from './alerts.ts'
import { MAILBOX_ENDPOINTS } from './mailbox.ts'
import { OPPORTUNITY_ENDPOINTS } from './opportunities.ts'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

export type Endpoint = {
	method: HttpMethod
	/** The path, `:name` for each parameter. */
	path: string
	/** The query the API parses; the client may send any of its keys. */
	query?: z.ZodType
	body?: z.ZodType
	/** The whole response envelope. */
	response: z.ZodType
	/** Headers the endpoint reads besides the bearer token (named, so callers cannot misspell them). */
	headers?: readonly string[]
	/** The endpoint answers with a file, not an envelope (its refusals are envelopes): the site streams it on, never through the JSON client. */
	file?: true
}

const endpoint = <const E extends Endpoint>(definition: E) => definition

/** POST /ip-login: a tester's address, honoured outside production (TRUST_DEBUG_IP). */
const IpLoginQuerySchema = z.object({ debugIPAddress: z.string().optional() })

export const ENDPOINTS = {
	// ---- pages and menus (contract/pages.ts)
	'menus.bySlug': endpoint({ method: 'GET', path: '/menus/slug/:slug', response: envelope(MenuSchema) }),
	'pages.bySlug': endpoint({ method: 'GET', path: '/pages/slug/:slug', query: CardQuerySchema, response: pageEnvelope(PageSchema) }),
	'sitemap.types': endpoint({ method: 'GET', path: '/sitemap', response: envelope(SitemapTypeSchema) }),
	'sitemap.entries': endpoint({ method: 'GET', path: '/sitemap/:type', query: SitemapEntriesQuerySchema, response: listEnvelope(SitemapEntrySchema) }),

	// ---- articles and access (contract/articles.ts)
	'articles.list': endpoint({ method: 'GET', path: '/articles', query: ArticleListQuerySchema, response: listEnvelope(ArticleSummarySchema) }),
	'articles.bySlug': endpoint({ method: 'GET', path: '/articles/slug/:slug', response: envelope(ArticleSchema) }),
	'articles.draft': endpoint({ method: 'GET', path: '/articles/slug/draft/:slug', response: envelope(ArticleSchema), headers: ['PreviewToken', CLIENT_ADDRESS_HEADER] }),
	'articles.related': endpoint({ method: 'GET', path: '/articles/slug/:slug/related', query: RelatedArticlesQuerySchema, response: envelope(ArticleSummarySchema) }),
	'articles.bySlugs': endpoint({ method: 'GET', path: '/articles/slugList/:slugs', response: envelope(ArticleSummarySchema) }),
	'articles.unlock': endpoint({ method: 'POST', path: '/articles/slug/:slug/unlock', response: envelope(MeteredAccessItemSchema) }),
	'noAccesses.list': endpoint({ method: 'GET', path: '/noaccesses', query: pagingSchema, response: listEnvelope(NoAccessMessageSchema) }),

	// ---- entities (contract/entities.ts); `kind` is the API's entity kind (companies, projects, ...)
	'entities.list': endpoint({ method: 'GET', path: '/:kind', query: EntityListQuerySchema, response: listEnvelope(EntitySummarySchema) }),
	'entities.bySlug': endpoint({ method: 'GET', path: '/:kind/slug/:slug', query: CardQuerySchema, response: pageEnvelope(EntitySchema) }),
	'entities.draft': endpoint({ method: 'GET', path: '/:kind/slug/draft/:slug', response: pageEnvelope(EntitySchema), headers: ['PreviewToken', CLIENT_ADDRESS_HEADER] }),
	'entities.bySlugs': endpoint({ method: 'GET', path: '/:kind/slugList/:slugs', response: envelope(EntitySummarySchema) }),
	'entities.articles': endpoint({ method: 'GET', path: '/:kind/slug/:slug/articles', query: pagingSchema, response: listEnvelope(ArticleSummarySchema) }),
	'companies.indicators': endpoint({ method: 'GET', path: '/companies/slug/:slug/indicators', response: envelope(FinancialIndicatorSchema) }),

	// ---- search (contract/search.ts)
	search: endpoint({ method: 'GET', path: '/search', query: SearchApiQuerySchema, response: envelope(SearchResultSchema) }),

	// ---- identity and membership (contract/identity.ts)
	'userProfile.get': endpoint({ method: 'GET', path: '/userprofile', response: envelope(UserProfileSchema) }),
	'userProfile.preferences': endpoint({ method: 'PUT', path: '/userprofile/preferences', body: ProfilePreferencesSchema, response: envelope(UserProfileSchema) }),
	'userProfile.refreshToken': endpoint({ method: 'POST', path: '/userprofile/refreshtoken', body: RefreshTokenBodySchema, response: envelope(RefreshedTokenSchema) }),
	/** Whether the bearer token's sign-in stands (401 once ended); DELETE ends it (logout). */
	'session.state': endpoint({ method: 'GET', path: '/userprofile/session', response: envelope(SessionStateSchema) }),
	'session.end': endpoint({ method: 'DELETE', path: '/userprofile/session', response: envelope(SessionStateSchema) }),
	'user.changePassword': endpoint({ method: 'PUT', path: '/user/:email/password', body: PasswordChangeBodySchema, response: envelope(PasswordChangedSchema) }),
	'ipLogin.create': endpoint({ method: 'POST', path: '/ip-login', query: IpLoginQuerySchema, response: envelope(NetworkUserSchema), headers: [CLIENT_ADDRESS_HEADER] }),
	/** The same, limited to one organisation's address ranges. */
	'ipLogin.forOrganisation': endpoint({ method: 'POST', path: '/ip-login/:id', query: IpLoginQuerySchema, response: envelope(NetworkUserSchema), headers: [CLIENT_ADDRESS_HEADER] }),

	// ---- newsletters (contract/newsletters.ts)
	...NEWSLETTER_ENDPOINTS,

	// ---- membership and commerce (contract/commerce.ts)
	'memberships.offers': endpoint({ method: 'GET', path: '/memberships/offers', response: envelope(MembershipOffersSchema) }),
	'trials.start': endpoint({ method: 'POST', path: '/trials', response: envelope(TrialGrantedSchema) }),
	'aboutYou.record': endpoint({ method: 'POST', path: '/about-you', body: InterestDetailsSchema, response: envelope(InterestsRecordedSchema) }),
	checkout: endpoint({ method: 'POST', path: '/checkout', body: CheckoutBodySchema, response: envelope(CheckoutUrlSchema) }),
	'checkout.payments': endpoint({ method: 'GET', path: '/checkout/payments', response: envelope(CheckoutPaymentsSchema) }),
	'checkout.order': endpoint({ method: 'GET', path: '/checkout/orders/:reference', response: envelope(SandboxOrderSchema) }),
	'documents.draft': endpoint({ method: 'GET', path: '/documents/slug/draft/:slug', response: pageEnvelope(EntitySchema), headers: ['PreviewToken', CLIENT_ADDRESS_HEADER] }),
	'documents.access': endpoint({ method: 'POST', path: '/documents/slug/:slug/access', query: DocumentDownloadQuerySchema, response: envelope(DocumentAccessRecordedSchema) }),
	'checkout.pay': endpoint({ method: 'POST', path: '/checkout/orders/:reference/pay', body: SandboxPaymentBodySchema, response: envelope(SandboxOrderSchema) }),

	// ---- forecast explorer (contract/forecast.ts)
	...FORECAST_ENDPOINTS,

	// ---- searchable tables (contract/tables.ts, contract/tracker.ts)
	...TRACKER_ENDPOINTS,
	...INDEX_ENDPOINTS,
	...EVENT_ENDPOINTS,
	...SAVED_SEARCH_ENDPOINTS,
	...ALERT_ENDPOINTS,
	...MAILBOX_ENDPOINTS,
	...OPPORTUNITY_ENDPOINTS,

	// ---- geography lists (contract/geographies.ts)
	...GEOGRAPHY_ENDPOINTS,

	// ---- the site's own log (spec 000 §7 "log")
	'log.write': endpoint({ method: 'POST', path: '/log', query: z.object({ message: z.string() }), response: emptyEnvelope }),
} as const satisfies Record<string, Endpoint>

export type EndpointName = keyof typeof ENDPOINTS
export type EndpointOf<N extends EndpointName> = (typeof ENDPOINTS)[N]

/** The `:name` segments of a path, as an object type. */
type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? { [K in Name]: string } & PathParams<`/${Rest}`> : P extends `${string}:${infer Name}` ? { [K in Name]: string } : Record<never, never>

/** A query value as a URL carries it: arrays repeat the name; null, undefined and '' are left out. */
export type QueryValue = string | number | boolean | undefined | null | readonly (string | number)[]

type QueryKeys<E> = E extends { query: z.ZodType } ? keyof z.input<E['query']> : never
type Input<E extends Endpoint> = (keyof PathParams<E['path']> extends never ? { params?: undefined } : { params: PathParams<E['path']> }) &
	(E extends { query: z.ZodType } ? { query?: { [K in QueryKeys<E> & string]?: QueryValue } } : { query?: undefined }) &
	(E extends { body: z.ZodType } ? { body: z.input<E['body']> } : { body?: undefined }) &
	(E extends { headers: readonly string[] } ? { headers?: { [K in E['headers'][number]]?: string } } : { headers?: undefined })

/** What a call of endpoint N passes: its path parameters, query, body and headers. */
export type EndpointInput<N extends EndpointName> = Input<EndpointOf<N>>

/** What a call of endpoint N answers; an entity's details are typed by the kind asked for. */
export type EndpointResponse<N extends EndpointName, I = unknown> = N extends 'entities.bySlug' | 'entities.draft'
	? I extends { params: { kind: infer K extends string } }
		? PageEnvelope<Entity<K>>
		: PageEnvelope<Entity>
	: z.output<EndpointOf<N>['response']>

/** The path of a call: each `:name` replaced by its URI-encoded parameter. */
export function endpointPath(path: string, params: Record<string, string> = {}) {
	return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
		const value = params[name]
		if (value === undefined) throw new Error(`Missing path parameter ${name} of ${path}`)
		return encodeURIComponent(value)
	})
}

/** The response schema of a call: an entity's details checked as its kind's (ENTITY_DETAILS). */
export function responseSchema(name: EndpointName, params: Record<string, string> = {}): z.ZodType {
	if ((name === 'entities.bySlug' || name === 'entities.draft') && params.kind) return pageEnvelope(entitySchemaOf(params.kind))
	return ENDPOINTS[name].response
}
