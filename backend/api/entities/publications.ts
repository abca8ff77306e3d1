/**
 * Publications: documents (reports, with samples) and newsletters (editions of a
 * newsletter definition, with their components as cards). Both have drafts.
 */
import { sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { CardContext, StoredCard } from '../card-resolvers/context.ts'
import { permissionLevelOf } from '../../../contract/documents.ts'
import { dateParam } from '../../../contract/query.ts'
import { dayAfter, dayStart, textArray } from '../sql.ts'
import { pick, rows, type DetailContext, type EntityKind } from './kind.ts'

const publishedBetween = (column: SQL) => ({
	publishedFrom: dateParam('publishedFrom'),
	publishedTo: dateParam('publishedTo'),
	where: (query: Record<string, unknown>) => [
		typeof query.publishedFrom === 'string' && sql`${column} >= ${dayStart(query.publishedFrom)}::timestamptz`,
		typeof query.publishedTo === 'string' && sql`${column} < ${dayAfter(query.publishedTo)}::timestamptz`,
	],
})

const listOfSlugs = z
	.string()
	.optional()
	.transform((value) => (value ? value.split(',').map((slug) => slug.trim()).filter(Boolean) : undefined))

const documentDetails = async ({ access, data }: DetailContext) => {
	const sampleLevels = (data.sample_permission_levels as string[] | null) ?? []
	return {
		...pick(data, ['document_type', 'extension', 'is_hyperlink', 'image']),
		hasSample: Boolean(data.sample_file_path),
		hasSampleAccess: Boolean(data.sample_file_path) && access.hasAny(sampleLevels),
		// Spec 002 §3: the levels by slug (they decide the trial-style paywall, §6).
		permissionLevels: ((data.permission_levels as string[] | null) ?? []).map(permissionLevelOf),
		samplePermissionLevels: sampleLevels.map(permissionLevelOf),
	}
}

const newsletterDetails = async ({ db, data }: DetailContext) => {
	const [definition] = await rows<{ name: string; slug: string; publicationFrequency: string; themeColour: string; bannerImage: string | null }>(
		db,
		sql`select name, slug, publication_frequency as "publicationFrequency", theme_colour as "themeColour", banner_image as "bannerImage"
			from newsletter_definitions where id = ${data.definition_id as number}`,
	)
	return {
		...pick(data, ['edition', 'published', 'cover_image', 'theme_colour', 'presentation_version', 'see_more_link'], ['published']),
		definition: definition ?? null,
	}
}

/**
 * A newsletter's components as cards, as stored: the entity route resolves them like page
 * cards (resolving them here would import cards.ts, which reaches this registry through the
 * search card).
 */
async function newsletterComponents(context: CardContext & { id: number }): Promise<StoredCard[]> {
	const components = await rows<{ id: number; component_type: string; sort_order: number; config: Record<string, unknown> }>(
		context.db,
		sql`select id, component_type, sort_order, config from newsletter_components where newsletter_id = ${context.id} order by sort_order, id`,
	)
	return components.map((component) => ({
		id: component.id,
		cardType: component.component_type,
		position: 'Centre',
		width: 'Full',
		sortOrder: component.sort_order,
		sliceSlug: null,
		config: component.config ?? {},
	}))
}

export const documents: EntityKind = {
	table: 'documents',
	label: 'document',
	pageType: 'Document',
	thumbnail: sql`e.image`,
	bodyText: sql`null::text`,
	publicationDate: sql`e.publication_date`,
	permissionLevels: sql`e.permission_levels`,
	orderBy: sql`e.publication_date desc, e.id desc`,
	published: sql`not e.is_draft`,
	hasDrafts: true,
	listFilters: (() => {
		const dates = publishedBetween(sql`e.publication_date`)
		return {
			shape: { documentType: z.string().trim().optional(), publishedFrom: dates.publishedFrom, publishedTo: dates.publishedTo },
			where: (query: Record<string, unknown>) => [typeof query.documentType === 'string' && query.documentType !== '' && sql`e.document_type = ${query.documentType}`, ...dates.where(query)],
		}
	})(),
	details: documentDetails,
}

export const newsletters: EntityKind = {
	table: 'newsletters',
	label: 'newsletter',
	pageType: 'Newsletter',
	description: sql`e.edition`,
	thumbnail: sql`e.cover_image`,
	bannerImage: sql`e.banner_image`,
	bodyText: sql`null::text`,
	publicationDate: sql`e.published`,
	permissionLevels: sql`(select d.permission_levels from newsletter_definitions d where d.id = e.definition_id)`,
	// "trial users get 2 weeks of newsletters": those of the trial's window, as for articles.
	trialReads: true,
	orderBy: sql`e.published desc, e.id desc`,
	published: sql`not e.is_draft`,
	hasDrafts: true,
	listFilters: (() => {
		const dates = publishedBetween(sql`e.published`)
		return {
			shape: { newsletterDefinitionSlugs: listOfSlugs, publishedFrom: dates.publishedFrom, publishedTo: dates.publishedTo },
			where: (query: Record<string, unknown>) => [
				Array.isArray(query.newsletterDefinitionSlugs) &&
					sql`e.definition_id in (select id from newsletter_definitions where slug = any(${textArray(query.newsletterDefinitionSlugs as string[])}))`,
				...dates.where(query),
			],
		}
	})(),
	details: newsletterDetails,
	components: newsletterComponents,
}
