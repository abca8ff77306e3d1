/**
 * Contexts: the explanatory notes of the context search cards (spec 001 §2), with their
 * own cards.
 */
import { sql } from 'drizzle-orm'
import { availableWith } from '../../../contract/card-rules.ts'
import { pick, type EntityKind } from './kind.ts'

export const contexts: EntityKind = {
	table: 'contexts',
	label: 'context',
	pageType: 'Context',
	ownerKind: 'context',
	name: sql`coalesce(e.display_name, e.name)`,
	description: sql`e.html_description`,
	publicationDate: sql`e.publication_date`,
	permissionLevels: sql`e.permission_levels`,
	orderBy: sql`e.publication_date desc, e.id desc`,
	details: async ({ data, hasAccess }) => ({
		...pick(data, ['display_name', 'author_names', 'is_expanded']),
		// The locked view names the membership that opens the context (spec 001 §2 Context cards).
		lockedLabel: hasAccess ? null : availableWith((data.permission_levels as string[] | null) ?? []),
	}),
}
