/**
 * The generic entity kinds of GET /{entity} and GET /{entity}/slug/{slug}, as ONE table:
 * URL segment → kind. What a kind is (entities/kind.ts) and each kind (one module per area
 * in entities/) live beside it; adding a kind is one entry here and its definition there.
 *
 * The kinds import nothing of the cards (cards.ts): the search card reaches this registry
 * through search.ts, so cards → search → entity kinds must not lead back to cards.
 */
import { authors } from './entities/authors.ts'
import { companies } from './entities/companies.ts'
import { contexts } from './entities/contexts.ts'
import { events } from './entities/events.ts'
import { geographies } from './entities/geographies.ts'
import type { EntityKind } from './entities/kind.ts'
import { mergers } from './entities/mergers.ts'
import { projects } from './entities/projects.ts'
import { documents, newsletters } from './entities/publications.ts'
import { applications, articleTypes, blogTypes, industrialSubsectors, industries, technologies, technologyTypes, topics } from './entities/subjects.ts'
import { utilities } from './entities/utilities.ts'

export { entityAccess, type DetailContext, type EntityData, type EntityKind } from './entities/kind.ts'

export const ENTITY_KINDS: Record<string, EntityKind> = {
	'article-types': articleTypes,
	authors,
	companies,
	'blog-types': blogTypes,
	projects,
	geographies,
	industries,
	technologies,
	topics,
	events,
	applications,
	'industrial-subsectors': industrialSubsectors,
	'technology-types': technologyTypes,
	utilities,
	mergers,
	documents,
	newsletters,
	contexts,
}

export function entityKind(kind: string): EntityKind | undefined {
	return Object.hasOwn(ENTITY_KINDS, kind) ? ENTITY_KINDS[kind] : undefined
}

const KIND_NAMES = new Map(Object.entries(ENTITY_KINDS).map(([name, kind]) => [kind, name]))

/** The kind's name in ENTITY_KINDS (its address, `/companies`), e.g. for keys of kept reads. */
export function entityKindName(kind: EntityKind): string {
	const name = KIND_NAMES.get(kind)
	if (name === undefined) throw new Error(`entity kind ${kind.label} is not in ENTITY_KINDS`)
	return name
}
