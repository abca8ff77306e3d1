/**
 * What an entity kind of GET /{entity} and GET /{entity}/slug/{slug} is: URL segment →
 * table, the columns that make an EntitySummary, who may see it, its cards' owner kind, its
 * related articles and its own `details`; and the helpers the kinds' modules read rows with.
 * The kinds themselves live one area a module beside this one; entity-kinds.ts lists them.
 *
 * SQL fragments refer to the kind's row as `e`.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { Link } from '../../../contract/common.ts'
import type { Db } from '../../db/client.ts'
import type { OwnerKind } from '../../db/schema.ts'
import type { ViewerAccess } from '../access.ts'
import type { ArticleFilter } from '../article-data.ts'
import type { CardContext, StoredCard } from '../card-resolvers/context.ts'
import { iso } from '../sql.ts'

/** Raw columns of the entity's row (snake_case, as to_jsonb gives them). */
export type EntityData = Record<string, unknown>

export type DetailContext = { db: Db; access: ViewerAccess; id: number; data: EntityData; hasAccess: boolean }

export type EntityKind = {
	table: string
	/** Words for messages: 'Not found: company x'. */
	label: string
	/** analyticsPageInfo.pageType */
	pageType: string
	/** Owner kind of the entity's cards and slices, when it has any. */
	ownerKind?: OwnerKind
	name?: SQL
	description?: SQL
	thumbnail?: SQL
	publicationDate?: SQL
	headline?: SQL
	bodyText?: SQL
	bannerImage?: SQL
	/** Permission levels of the row (empty = everyone). */
	permissionLevels?: SQL
	/** Permissions of which the viewer needs one to see the kind at all (besides the row's levels). */
	requires?: readonly string[]
	/** An Executive trial reads the kind's rows its trial covers (by publication date, ViewerAccess.trialCovers), whatever their levels. */
	trialReads?: boolean
	/** Without access the description is hidden too (it is part of the paid content). */
	hideDescriptionWithoutAccess?: boolean
	orderBy?: SQL
	/** Rows that exist for the public (drafts are not). */
	published?: SQL
	/** Has is_draft / preview_secret: GET /{entity}/slug/draft/{slug} with a PreviewToken. */
	hasDrafts?: boolean
	/** Extra fields of list items (`EntitySummary.details`), as jsonb: for everyone, and for readers with access. */
	summaryDetails?: { public?: SQL; withAccess?: SQL }
	/** Extra list filters: a zod shape of query parameters and the SQL they add. */
	listFilters?: { shape: z.ZodRawShape; where: (query: Record<string, unknown>) => (SQL | false | undefined)[] }
	/** The articles related to an entity (entity page list, cards without their own filter). */
	articles?: (id: number) => ArticleFilter
	details?: (context: DetailContext) => Promise<EntityData>
	/**
	 * Cards from somewhere other than the cards table (newsletter components), as stored: the
	 * entity route resolves them like any owner's cards.
	 */
	components?: (context: CardContext & { id: number }) => Promise<StoredCard[]>
}

/** Whether the viewer may see a row of the kind with these permission levels. */
export function entityAccess(kind: EntityKind, access: ViewerAccess, levels: readonly string[] | null, publicationDate: Date | string | null) {
	if (!access.hasAny(kind.requires)) return false
	return kind.trialReads === true ? access.hasAnyWithinTrial(levels, publicationDate) || access.trialCovers(publicationDate) : access.hasAny(levels)
}

// ---------------------------------------------------------------- reading rows

/** snake_case → camelCase of the named columns, timestamps as ISO. */
export function pick(data: EntityData, columns: string[], timestamps: string[] = []): EntityData {
	const out: EntityData = {}
	for (const column of columns) {
		const key = column.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())
		const value = data[column]
		out[key] = timestamps.includes(column) ? iso(value as string | null) : (value ?? null)
	}
	return out
}

export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
	return (await db.execute(query)).rows as T[]
}

export async function link(db: Db, table: string, id: unknown): Promise<Link | null> {
	if (typeof id !== 'number') return null
	const [row] = await rows<Link>(db, sql`select name, slug from ${sql.raw(table)} where id = ${id}`)
	return row ?? null
}
