/**
 * The opportunity exchange (spec 000 §2 /opportunityexchange, /opportunities/add,
 * /opportunities/{slug}, /opportunities/draft/{slug}): the opportunity and its hit, the
 * create form both sides validate with, and the endpoints. Its configuration of the table
 * engine (contract/tables.ts) and spec 000 §8's create messages are in
 * contract/opportunities-exchange.ts, re-exported here.
 *
 * The spec names the routes, the categories (spec 000 §3 "Opportunity categories: Build,
 * Operate, Finance, Industrial, DFI") and the create messages; the fields are ours: what a
 * reader needs to act on an opportunity (who offers it, where, what it is worth, until when,
 * whom to write to). Our reading of who may post: docs/decisions/0018-index-access.md.
 */
import { z } from 'zod'
import { envelope } from './envelope.ts'
import { CLIENT_ADDRESS_HEADER } from './identity.ts'
import { OPPORTUNITY_CATEGORIES, OPPORTUNITY_MESSAGES } from './opportunities-exchange.ts'
import { isCalendarDate } from './query-values.ts'
import { tableResultSchema } from './tables.ts'

// The exchange's words and table configuration live beside this module, without zod (see there); the API and the add form read them from here too.
export {
	CREATE_MESSAGES,
	OPPORTUNITIES_TABLE,
	OPPORTUNITY_ADD_PATH,
	OPPORTUNITY_CATEGORIES,
	OPPORTUNITY_COLUMNS,
	OPPORTUNITY_ENTITY,
	OPPORTUNITY_EXCHANGE_PATH,
	OPPORTUNITY_FILTERS,
	OPPORTUNITY_MESSAGES,
	OPPORTUNITY_VALUE_RANGE,
	opportunityDraftPath,
	opportunityPath,
	type OpportunityCategory,
} from './opportunities-exchange.ts'

export const OpportunityHitSchema = z.object({
	slug: z.string(),
	name: z.string(),
	category: z.enum(OPPORTUNITY_CATEGORIES),
	country: z.string().nullable(),
	organisation: z.string(),
	valueUsdM: z.number().nullable(),
	/** YYYY-MM-DD, or null when open until filled. */
	closingDate: z.string().nullable(),
	publishedDate: z.string(),
})
export type OpportunityHit = z.infer<typeof OpportunityHitSchema>
export const OpportunitySearchResultSchema = tableResultSchema(OpportunityHitSchema)
export type OpportunitySearchResult = z.infer<typeof OpportunitySearchResultSchema>

export const OpportunitySchema = OpportunityHitSchema.extend({
	description: z.string(),
	contactEmail: z.string(),
	region: z.string().nullable(),
	project: z.object({ slug: z.string(), name: z.string() }).nullable(),
	isDraft: z.boolean(),
	/** Only in the answer to its creator: the draft's preview secret. */
	previewSecret: z.string().nullable(),
	dateLastModified: z.string(),
})
export type Opportunity = z.infer<typeof OpportunitySchema>

/** Spec 000 §5 "Dates: ... a date is valid only if after 2000-01-01": closing dates are that and not in the past. */
export const todayIso = (now = new Date()) => now.toISOString().slice(0, 10)

/** Empty form fields arrive as '' (or are left out by conform): both mean "not given". */
const optionalText = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional())

export const OPPORTUNITY_LIMITS = { nameMin: 5, nameMax: 160, descriptionMin: 30, descriptionMax: 5000, organisationMax: 160, emailMax: 254 } as const
export const OPPORTUNITY_PUBLISH_CHOICES = ['publish', 'draft'] as const

/**
 * The add form and the body of POST /opportunities: one schema, so the site (conform) and
 * the API refuse the same input with the same messages. `now` fixes "today" for the closing date.
 */
export const opportunityCreateSchema = (now = new Date()) =>
	z.object({
		name: z
			.string({ error: OPPORTUNITY_MESSAGES.nameRequired })
			.trim()
			.min(OPPORTUNITY_LIMITS.nameMin, { error: OPPORTUNITY_MESSAGES.nameRequired })
			.max(OPPORTUNITY_LIMITS.nameMax, { error: OPPORTUNITY_MESSAGES.nameTooLong }),
		category: z.enum(OPPORTUNITY_CATEGORIES, { error: OPPORTUNITY_MESSAGES.categoryRequired }),
		/** A country's slug (geographies). */
		country: z
			.string({ error: OPPORTUNITY_MESSAGES.countryRequired })
			.trim()
			.regex(/^[a-z0-9-]{1,40}$/, { error: OPPORTUNITY_MESSAGES.countryRequired }),
		organisation: z
			.string({ error: OPPORTUNITY_MESSAGES.organisationRequired })
			.trim()
			.min(2, { error: OPPORTUNITY_MESSAGES.organisationRequired })
			.max(OPPORTUNITY_LIMITS.organisationMax, { error: OPPORTUNITY_MESSAGES.organisationRequired }),
		description: z
			.string({ error: OPPORTUNITY_MESSAGES.descriptionRequired })
			.trim()
			.min(OPPORTUNITY_LIMITS.descriptionMin, { error: OPPORTUNITY_MESSAGES.descriptionRequired })
			.max(OPPORTUNITY_LIMITS.descriptionMax, { error: OPPORTUNITY_MESSAGES.descriptionTooLong }),
		contactEmail: z
			.string({ error: OPPORTUNITY_MESSAGES.contactEmailInvalid })
			.trim()
			.max(OPPORTUNITY_LIMITS.emailMax, { error: OPPORTUNITY_MESSAGES.contactEmailInvalid })
			.pipe(z.email({ error: OPPORTUNITY_MESSAGES.contactEmailInvalid })),
		valueUsdM: optionalText(
			z.coerce
				.number({ error: OPPORTUNITY_MESSAGES.valueInvalid })
				.finite({ error: OPPORTUNITY_MESSAGES.valueInvalid })
				.min(0, { error: OPPORTUNITY_MESSAGES.valueInvalid })
				.max(1_000_000, { error: OPPORTUNITY_MESSAGES.valueInvalid }),
		),
		closingDate: optionalText(
			z
				.string()
				.trim()
				.refine((value) => isCalendarDate(value) && value >= todayIso(now), { error: OPPORTUNITY_MESSAGES.closingDateInvalid }),
		),
		/** Publish now, or keep as a draft seen only through its secret link. */
		publish: z.enum(OPPORTUNITY_PUBLISH_CHOICES).catch('publish'),
	})
export type OpportunityCreate = z.output<ReturnType<typeof opportunityCreateSchema>>

export const CountryOptionSchema = z.object({ slug: z.string(), name: z.string() })

const OpportunityApiQuerySchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]))
/** The draft's secret travels in the `PreviewToken` header (spec 000 §7). */
export const PREVIEW_TOKEN_HEADER = 'PreviewToken'

export const OPPORTUNITY_ENDPOINTS = {
	'opportunities.search': { method: 'GET', path: '/searchOpportunities', query: OpportunityApiQuerySchema, response: envelope(OpportunitySearchResultSchema) },
	'opportunities.bySlug': { method: 'GET', path: '/opportunities/slug/:slug', response: envelope(OpportunitySchema) },
	'opportunities.draft': { method: 'GET', path: '/opportunities/slug/draft/:slug', response: envelope(OpportunitySchema), headers: [PREVIEW_TOKEN_HEADER, CLIENT_ADDRESS_HEADER] },
	'opportunities.create': { method: 'POST', path: '/opportunities', body: opportunityCreateSchema(), response: envelope(OpportunitySchema) },
	'opportunities.countries': { method: 'GET', path: '/opportunities/countries', response: envelope(CountryOptionSchema) },
} as const
