/** Where the RSS feeds live (shared by the feed routes and the pages that advertise them). */
export const ARTICLES_FEED_PATH = '/articles/rss.xml'
export const articleTypeFeedPath = (slug: string) => `/article-types/${slug}/rss.xml`
export const RSS_CONTENT_TYPE = 'application/rss+xml'
