import type { TeaserArticle, TeaserVariant } from '../components/cards/ArticleTeaser.tsx'
import type { Card } from '../../contract/cards.ts'
import type { Entity, EntityDetails, EntitySummary } from '../../contract/entities.ts'
import type { Slice } from '../../contract/pages.ts'
import type { Crumb, ShownCrumb } from './breadcrumbs.ts'
import { PERMISSION } from './capabilities.ts'
import { formatCount } from './format.ts'
import type { ENTITY_PAGE_KINDS } from './entity-kinds.ts'
import type { AccessGate } from './no-access.ts'
import type { SliceState } from './slice-state.ts'

/** Spec 002 §8: "Geography load failure: the server message, else 'An error has occurred loading the geography data'". */
export const GEOGRAPHY_LOAD_ERROR = 'An error has occurred loading the geography data'

/** The entity kinds of spec 000 §2's route table (entity-kinds.ts ENTITY_PAGE_KINDS), by key. */
export type EntityPageKey = keyof typeof ENTITY_PAGE_KINDS

/** Site path of a kind's index and of each of its pages (`${path}/${slug}`): its key. */
export const kindPath = (key: EntityPageKey) => `/${key}` as const

export const entityPath = (key: EntityPageKey, slug: string) => `${kindPath(key)}/${encodeURIComponent(slug)}`

/** "12 topics" (spec 000 §2 "a count line"). */
export function countLine(count: number, [singular, plural]: readonly [string, string]) {
	return `${formatCount(count)} ${count === 1 ? singular : plural}`
}

/** Spec 000 §2 "No data found": a strategist-only page with no slices. */
export const NO_DATA_FOUND = 'No data found'
/** Spec 000 §8 financial stats card messages. */
export const FINANCIAL_STATS_MESSAGES = {
	error: 'Error loading financial indicators',
	noData: 'No data is available for this company',
} as const

// ---------------------------------------------------------------- what the loaders give the pages

/** A slice of Strategist content: it opens with strategy access (its lock says "Strategist"). */
export const isStrategistSlice = (slice: Pick<Slice, 'permissionLevels'>) =>
	slice.permissionLevels.some((level) => level.slug === PERMISSION.readStrategy || level.slug === PERMISSION.readStrategyBeta)

/** A slice as the page shows it: its show more/less state, its cards, or the message of its no-access panel. */
export type SliceView = Slice & { expanded: boolean; cards: Card[]; noAccessMessage: string | null }

/** How the page lays out its content (spec 000 §2, 001 §2). */
export type EntityLayout = 'slices' | 'standard' | 'no-data'

export type RelatedArticles = { items: TeaserArticle[]; totalHits: number; totalPages: number; page: number; pageSize: number }
/** How an entity page lists its articles (the loader sends each only what this teaser shows). */
export const RELATED_ARTICLE_VARIANT = 'image-row' satisfies TeaserVariant

export type EntityPageData = {
	origin: string
	/** Canonical URL of the page: its path and article paging, without UI state. */
	canonicalPath: string
	kindKey: EntityPageKey
	entity: Entity
	/**
	 * The entity's body text (HTML sanitised by the API) as the page shows it: none when it only
	 * repeats the description, nor in the slice layout, which has its own overview.
	 */
	body: string | null
	/** Cards of the page outside any slice. */
	cards: Card[]
	layout: EntityLayout
	slices: SliceView[]
	sliceState: SliceState
	/** The full trail (structured data); `breadcrumbs` is what strategist mode shows. */
	trail: Crumb[]
	breadcrumbs: ShownCrumb[] | null
	articles: RelatedArticles | null
	/** The no-access panel of a page without access (projects): its message; null with access. */
	noAccessMessage: string | null
	/** What the no-access panels of the page offer the reader (Login or a request-access mail, a trial). */
	gate: AccessGate
	strategistMode: boolean
	canOpenStrategistPages: boolean
	/** Staff with edit:page-layout edit the page in the content management system (CMS_URL). */
	editUrl: string | null
}

/** A list page (app/lib/entity-pages.server.ts loadEntityList). */
export type EntityListData = {
	origin: string
	canonicalPath: string
	kindKey: EntityPageKey
	items: EntitySummary[]
	totalHits: number
	totalPages: number
	page: number
	pageSize: number
}

/** The API kind (contract/entities.ts ENTITY_DETAILS) of a page kind. */
export type ApiKindOf<K extends EntityPageKey> = (typeof ENTITY_PAGE_KINDS)[K]['api']

/**
 * An entity's `details` as its kind's (contract/entities.ts: the kind decides the type, so no
 * page names one by hand). The API client checks them against that kind's schema outside
 * production (contract/endpoints.ts responseSchema).
 */
export const detailsOf = <K extends EntityPageKey>(key: K, entity: { details: unknown }) => entity.details as EntityDetails<ApiKindOf<K>>
