/**
 * Cards that show articles: article lists in every layout of spec 000 §2, the single article
 * (or the sponsored pick) and the blog card. Full article text only ever leaves for readers
 * with access to that article (BodyTextOnly lists, the blog card's Read More).
 */
import { sql } from 'drizzle-orm'
import type { ArticleSummary } from '../../../contract/articles.ts'
import type { BlogPost } from '../../../contract/cards.ts'
import {
	ARTICLE_LIST_DEFAULT_COUNT,
	BLOG_CARD_PAGE_SIZE,
	BLOG_PAGE_PARAM,
	cardParam,
	PARTNER_COMPANY_PARAM,
	pageNumberOf,
	pickSponsored,
	SPONSORED_SEARCH_PAGE_SIZE,
	sponsoredWindows,
} from '../../../contract/card-rules.ts'
import { countArticles, listArticleSummaries, type ArticleFilter, type ArticleTagKind } from '../article-data.ts'
import { safeHtml } from '../content-html.ts'
import { fetchPage } from '../query.ts'
import { intArray } from '../sql.ts'
import { bool, count, nowOf, paramsOf, publicRows, str, strings, type CardConfig, type CardContext, type CardResolver } from './context.ts'

/** Layouts whose articles show their full text (spec 000 §2 "body-text-only"). */
const BODY_TEXT_LAYOUTS = new Set(['BodyTextOnly'])
/** The ten-article grid whose last place is the sponsored article (spec 000 §2 "with partner content"). */
export const PARTNER_GRID_LAYOUT = 'TenArticleGridWithPartner'

/**
 * Card config keys naming an entity whose tagged articles the card lists: the article's tags
 * (spec 000 §3 Article: companies, events, geographies, industries, projects, technologies,
 * topics). Nothing else tags articles, so these are the only entity filters a card can have.
 */
export const TAG_KEYS: Record<string, ArticleTagKind> = {
	companySlug: 'companies',
	eventSlug: 'events',
	geographySlug: 'geographies',
	industrySlug: 'industries',
	projectSlug: 'projects',
	technologySlug: 'technologies',
	topicSlug: 'topics',
}

/** Every config key that selects an ArticleListCard's articles (articleFilterOf). */
export const ARTICLE_FILTER_KEYS: readonly string[] = [
	'articleTypeSlug',
	'blogTypeSlug',
	'authorSlug',
	'editorsPick',
	'partnerContent',
	'sponsored',
	'articleSlugs',
	'excludeSlug',
	...Object.keys(TAG_KEYS),
]

/** The articles an ArticleListCard's config selects. */
export function articleFilterOf(config: CardConfig, context: CardContext): ArticleFilter {
	const filter: ArticleFilter = {
		articleTypeSlug: str(config.articleTypeSlug),
		blogTypeSlug: str(config.blogTypeSlug),
		authorSlug: str(config.authorSlug),
		editorsPick: bool(config.editorsPick) || undefined,
		partnerContent: bool(config.partnerContent) || undefined,
		sponsored: bool(config.sponsored),
		slugs: strings(config.articleSlugs),
		excludeSlugs: str(config.excludeSlug) ? [str(config.excludeSlug)!] : undefined,
	}
	for (const [key, kind] of Object.entries(TAG_KEYS)) {
		const slug = str(config[key])
		if (slug) filter.tag = { kind, slug }
	}
	// The partner content hub's filter: partner content about the chosen partner company.
	const partner = filter.partnerContent ? str(paramsOf(context).get(PARTNER_COMPANY_PARAM)) : undefined
	if (partner) filter.tag = { kind: 'companies', slug: partner }
	const selects = Object.entries(filter).some(([key, value]) => key !== 'excludeSlugs' && value !== undefined)
	return selects || !context.ownerArticles ? filter : { ...context.ownerArticles, excludeSlugs: filter.excludeSlugs }
}

const day = (date: Date) => date.toISOString().slice(0, 10)

/**
 * Spec 000 §2, §9: a sponsored article chosen at random among those published this month
 * (a search of pageSize 10), else among last month's. Null when neither month has one.
 */
export async function pickSponsoredArticle(context: CardContext, excludeSlugs: string[] = []): Promise<ArticleSummary | null> {
	const { thisMonth, lastMonth } = sponsoredWindows(nowOf(context))
	const search = (filter: ArticleFilter) =>
		listArticleSummaries(context.db, context.access, { sponsored: true, excludeSlugs, ...filter }, { limit: SPONSORED_SEARCH_PAGE_SIZE })
	const current = await search({ publishedFrom: day(thisMonth) })
	const previous = current.length > 0 ? [] : await search({ publishedFrom: day(lastMonth), publishedTo: day(new Date(thisMonth.getTime() - 86_400_000)) })
	return pickSponsored(current, previous, context.random)
}

/** The full text of the articles the reader may read; the others get none. */
async function withBodies(context: CardContext, articles: ArticleSummary[]): Promise<BlogPost[]> {
	if (!articles.some((article) => article.hasAccess)) return articles.map((article) => ({ ...article, bodyText: null }))
	// Every listed article's body is read (the same statement for every reader, so kept); only the readable ones leave.
	const rows = await publicRows<{ id: number; body_text: string }>(context, 'blog card bodies', sql`select id, body_text from articles where id = any(${intArray(articles.map((article) => article.id))})`)
	const bodies = new Map(rows.map((row) => [row.id, row.body_text]))
	return articles.map((article) => ({ ...article, bodyText: article.hasAccess && bodies.has(article.id) ? safeHtml(bodies.get(article.id)) : null }))
}

export const ARTICLE_CARD_RESOLVERS: Record<string, CardResolver> = {
	/** Articles newest first (or the curated `articleSlugs` in order), never drafts. */
	async ArticleListCard(config, context) {
		const filter = articleFilterOf(config, context)
		const limit = count(config.maxRecordCount, filter.slugs?.length || ARTICLE_LIST_DEFAULT_COUNT)
		if (str(config.layout) === PARTNER_GRID_LAYOUT) {
			const sponsoredArticle = await pickSponsoredArticle(context, filter.excludeSlugs)
			const others = { ...filter, excludeSlugs: [...(filter.excludeSlugs ?? []), ...(sponsoredArticle ? [sponsoredArticle.slug] : [])] }
			const articles = await listArticleSummaries(context.db, context.access, others, { limit: sponsoredArticle ? Math.max(limit - 1, 1) : limit })
			return { ...config, articles, sponsoredArticle }
		}
		const articles = await listArticleSummaries(context.db, context.access, filter, { limit })
		return { ...config, articles: BODY_TEXT_LAYOUTS.has(str(config.layout) ?? '') ? await withBodies(context, articles) : articles }
	},

	/** One article by `articleSlug`, or with `sponsored: true` the sponsored pick of the month. */
	async SingleArticleCard(config, context) {
		if (bool(config.sponsored)) return { ...config, article: await pickSponsoredArticle(context, strings(config.excludeSlugs)) }
		const slug = str(config.articleSlug)
		const [article] = slug ? await listArticleSummaries(context.db, context.access, { slugs: [slug] }, { limit: 1 }) : []
		return { ...config, article: article ?? null }
	},

	/**
	 * Posts of one blog (`blogTypeSlug`) or of every blog, newest first, a page at a time: the
	 * page is the card's own URL parameter (blogPage-{id}), clamped to the last page.
	 */
	async BlogCard(config, context, card) {
		const blogTypeSlug = str(config.blogTypeSlug)
		const filter: ArticleFilter = blogTypeSlug ? { blogTypeSlug } : { articleTypeSlug: 'blog' }
		const { items, ...page } = await fetchPage(
			{ pageNum: pageNumberOf(paramsOf(context).get(cardParam(BLOG_PAGE_PARAM, card.id))), pageSize: count(config.pageSize, BLOG_CARD_PAGE_SIZE) },
			() => countArticles(context.db, filter),
			(limit, offset) => listArticleSummaries(context.db, context.access, filter, { limit, offset }),
		)
		return { ...config, posts: await withBodies(context, items), ...page }
	},
}
