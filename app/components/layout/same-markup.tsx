import { createContext, useContext, type ReactElement } from 'react'

/**
 * The menus are the same for most readers of most pages: some 600 elements (the header's
 * menu twice, bar and narrow screens, each with the country picker, and the footer's) that
 * React rendered again for every page, about a tenth of a signed-in page's server time
 * (issue 15). On the server a part whose output is a function of its key is rendered once
 * and its HTML kept (markup-cache.server.ts, provided by entry.server.tsx); in the browser
 * there is no cache, so React renders the same elements and hydrates the kept HTML as its own.
 *
 * The part must not read context (the router's included): it is rendered on its own, outside
 * the page's tree, so its key must name everything its output depends on.
 */
export type MarkupKey = {
	/** Which part (a page may have several with the same values). */
	part: string
	/** The values it shows, by content; loader data, not changed once loaded. */
	values: readonly unknown[]
	/** Anything else it depends on, e.g. which of its links are the current page. */
	detail: string
}

export type MarkupCache = (key: MarkupKey, part: ReactElement) => string

export const MarkupCacheContext = createContext<MarkupCache | null>(null)

/**
 * A list or block whose children are `part`, from the kept HTML when there is a cache and a
 * key (null: not worth keeping). `markupKey` is asked for only then (the browser has no use for it).
 */
export function SameMarkup({ as: Tag, className, markupKey, part }: { as: 'ul' | 'div'; className: string; markupKey: () => MarkupKey | null; part: ReactElement }) {
	const cache = useContext(MarkupCacheContext)
	const key = cache ? markupKey() : null
	if (!cache || !key) return <Tag className={className}>{part}</Tag>
	return <Tag className={className} dangerouslySetInnerHTML={{ __html: cache(key, part) }} />
}
