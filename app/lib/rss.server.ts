/**
 * RSS 2.0 feeds of articles (/articles/rss.xml, /article-types/{slug}/rss.xml). A feed item
 * carries the headline, link and standfirst only: feeds are public and copied everywhere,
 * so the body (paywalled or not) never goes into one.
 */
import type { ArticleSummary } from '../../contract/articles.ts'
import { PRODUCT_NAME } from '../../contract/constants.ts'
import { escapeXml, rfc822Date } from './crawler.server.ts'

/** Our choice: the newest 50 articles, newest first. */
export const RSS_ITEM_COUNT = 50

export type ArticleFeed = {
	title: string
	description: string
	/** Absolute URL of the page the feed follows. */
	link: string
	/** Absolute URL of the feed itself (atom:link rel=self). */
	self: string
	origin: string
	articles: ArticleSummary[]
}

const element = (name: string, value: string | null | undefined) => (value ? `<${name}>${escapeXml(value)}</${name}>` : '')

export function articleFeedXml({ title, description, link, self, origin, articles }: ArticleFeed): string {
	const newest = articles[0]?.publicationDate
	const items = articles.map((article) => {
		const url = new URL(`/articles/${article.slug}`, `${origin}/`).href
		return [
			'<item>',
			element('title', article.headline),
			element('link', url),
			`<guid isPermaLink="true">${escapeXml(url)}</guid>`,
			element('pubDate', rfc822Date(article.publicationDate)),
			element('category', article.articleType.name),
			...article.author.map((author) => element('dc:creator', author.name)),
			element('description', article.standfirst),
			'</item>',
		].join('')
	})
	return [
		'<?xml version="1.0" encoding="UTF-8"?>',
		'<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
		'<channel>',
		element('title', title),
		element('link', link),
		element('description', description),
		'<language>en-gb</language>',
		element('copyright', `© ${PRODUCT_NAME}`),
		newest ? element('lastBuildDate', rfc822Date(newest)) : '',
		`<atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>`,
		...items,
		'</channel>',
		'</rss>',
		'',
	].join('\n')
}
