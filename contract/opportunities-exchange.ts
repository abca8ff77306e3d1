/**
 * The opportunity exchange's words, addresses and table configuration (spec 000 §2
 * /opportunityexchange, /opportunities/{slug}; §3 "Opportunity categories: Build, Operate,
 * Finance, Industrial, DFI"; §8's create messages): everything the exchange and an
 * opportunity's page need in the browser, without zod. Its own module, beside
 * contract/opportunities.ts (the endpoints' schemas and the add form's schema, which
 * re-exports all of this), because the browser builds a module into one chunk: in
 * opportunities.ts the add form's schema brought zod (25 kB gzip) to the exchange and every
 * opportunity page, though only /opportunities/add validates with it.
 */
import { DESCENDING, type TableConfig } from './tables.ts'
import { PROJECT_TYPES } from './tracker.ts'

export const OPPORTUNITY_EXCHANGE_PATH = '/opportunityexchange'
export const OPPORTUNITY_ADD_PATH = '/opportunities/add'
export const opportunityPath = (slug: string) => `/opportunities/${encodeURIComponent(slug)}`
export const opportunityDraftPath = (slug: string, secret: string) => `/opportunities/draft/${encodeURIComponent(slug)}?secret=${encodeURIComponent(secret)}`

/** Spec 000 §3. */
export const OPPORTUNITY_CATEGORIES = PROJECT_TYPES
export type OpportunityCategory = (typeof OPPORTUNITY_CATEGORIES)[number]

/** The entity's name in spec 000 §8's create messages. */
export const OPPORTUNITY_ENTITY = 'opportunity'

/** Spec 000 §8 "Create": the messages of any `POST /{entity}`, verbatim around the entity and its name. */
export const CREATE_MESSAGES = {
	created: (entity: string, name: string) => `Successfully created ${entity} ${name}`,
	failed: (entity: string, detail?: string) => `Failed to create ${entity}${detail ? `: ${detail}` : ''}`,
	forbidden: (entity: string, name: string) => `Sorry, you do not have permission to create ${entity} entity with name ${name}`,
} as const

export const OPPORTUNITY_MESSAGES = {
	noResults: 'No results found',
	/** Our wording: the add form's field messages. */
	nameRequired: 'Enter a title of at least 5 characters',
	nameTooLong: 'Keep the title under 160 characters',
	categoryRequired: 'Choose a category: Build, Operate, Finance, Industrial or DFI',
	countryRequired: 'Choose the country of the opportunity',
	organisationRequired: 'Enter the organisation offering the opportunity',
	descriptionRequired: 'Describe the opportunity in at least 30 characters',
	descriptionTooLong: 'Keep the description under 5,000 characters',
	contactEmailInvalid: 'Enter a contact email address such as name@example.com',
	valueInvalid: 'Enter the estimated value in US$ million as a number of 0 or more',
	closingDateInvalid: 'Enter the closing date as YYYY-MM-DD, today or later',
	unknownCountry: 'Unknown country',
	/** Shown to readers who may not post (our wording; the API's refusal is the spec's forbidden message). */
	membersOnly: 'Posting opportunities is open to Executive and Strategist members.',
	draftNotice: 'This opportunity is a draft: only people with this link can see it.',
} as const

export const OPPORTUNITY_FILTERS = {
	category: 'Category',
	regions: 'Regions',
	countries: 'Countries',
	includeClosed: 'Include closed opportunities',
} as const

export const OPPORTUNITY_VALUE_RANGE = { title: 'Value (US$m)', minName: 'Minimum value', maxName: 'Maximum value', step: 0.1, includeEmptyName: 'Include opportunities without a value' } as const

export const OPPORTUNITY_COLUMNS = {
	name: 'Opportunity',
	category: 'Category',
	country: 'Country',
	value: 'Value (US$m)',
	closing: 'Closing date',
	published: 'Published',
} as const

/** The exchange on the table engine: newest first; closed ones only when asked. */
export const OPPORTUNITIES_TABLE: TableConfig = {
	facets: [{ name: OPPORTUNITY_FILTERS.category, options: OPPORTUNITY_CATEGORIES }, { name: OPPORTUNITY_FILTERS.regions }, { name: OPPORTUNITY_FILTERS.countries }],
	ranges: [OPPORTUNITY_VALUE_RANGE],
	flags: [OPPORTUNITY_FILTERS.includeClosed],
	sortColumns: Object.keys(OPPORTUNITY_COLUMNS),
	defaultSort: { sortBy: 'published', sortOrder: DESCENDING },
	pageSizes: [10, 20, 50, 100],
}
