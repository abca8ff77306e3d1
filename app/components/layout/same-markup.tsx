import { createContext, useContext, useEffect, useId, useState, type ReactElement, type ReactNode } from 'react'

/**
 * The menus are the same for most readers of most pages: some 600 elements (the header's
 * menu twice, bar and narrow screens, each with the country picker, and the footer's) that
 * React rendered again for every page, about a tenth of a signed-in page's server time
 * (issue 15). On the server a part whose output is a function of its key is rendered once
 * and its HTML kept (markup-cache.server.ts, provided by entry.server.tsx); in the browser
 * the part is adopted as the server sent it (KeptMarkup) until its key changes.
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
 * A list or block whose children are `part`: on the server from the kept HTML when there is
 * a cache and a key (null: not worth keeping), in the browser adopted as the server sent it
 * while the key's values and detail stay the same (KeptMarkup).
 */
export function SameMarkup({ as: Tag, className, markupKey, part }: { as: 'ul' | 'div'; className: string; markupKey: () => MarkupKey | null; part: ReactElement }) {
	const cache = useContext(MarkupCacheContext)
	const id = useId()
	const key = markupKey()
	if (!cache) return <KeptMarkup as={Tag} className={className} id={id} inputs={key ? [key.part, ...key.values, key.detail] : null} render={() => part} />
	if (!key) return <Tag className={className} {...{ [KEPT_ATTRIBUTE]: id }}>{part}</Tag>
	return <Tag className={className} {...{ [KEPT_ATTRIBUTE]: id }} dangerouslySetInnerHTML={{ __html: cache(key, part) }} />
}

/** Marks an element whose server HTML the browser may adopt; its value is the element's useId(). */
export const KEPT_ATTRIBUTE = 'data-kept'

/**
 * In the browser, while hydrating: the HTML the server sent inside the element marked `id`.
 * Null on the server, for an element mounted later (React's client ids never match a
 * server's), and where a Suspense boundary inside could not be rendered by the server
 * (`<!--$!-->`): React is to render that one again in the browser.
 */
function serverHtmlOf(id: string): string | null {
	if (typeof document === 'undefined') return null
	const html = document.querySelector(`[${KEPT_ATTRIBUTE}="${id}"]`)?.innerHTML
	return html === undefined || html.includes('<!--$!') ? null : html
}

/**
 * An element whose content depends on `inputs` alone and needs no script of its own (its links
 * and forms are AnchorLinks and AnchorForms, handled by the body: anchor-navigation.tsx).
 * Hydrating it means React rendering every element inside only to find the server's; instead
 * the browser adopts the server's HTML as it is (React leaves what `dangerouslySetInnerHTML`
 * holds alone while hydrating), and renders `render()` itself only once `inputs` change (a
 * navigation, loader data that changed) or where there is no server HTML to adopt. On the home
 * page the menus and cards were some 800 of its 950 elements, and hydrating them was most of
 * the blocking time Lighthouse measured on a phone (issue 15). `inputs` null: always rendered.
 *
 * The server renders `render()` inside the same element (SameMarkup renders it from its cache).
 */
export function KeptMarkup({
	as: Tag,
	className,
	id,
	inputs,
	render,
	ready,
}: {
	as: 'ul' | 'div'
	className: string
	id: string
	inputs: readonly unknown[] | null
	render: () => ReactNode
	/** Null when `render()` can show its content at once; else what it waits for (the same promise each time). */
	ready?: () => Promise<unknown> | null
}) {
	const [kept] = useState(() => (inputs ? { html: serverHtmlOf(id), inputs } : null))
	const adopted = kept?.html != null
	const changed = !adopted || !inputs || !sameValues(kept.inputs, inputs)
	// While what the new content needs is on its way, the adopted HTML stays: replacing it by a
	// placeholder would collapse the page under a reader who has scrolled (a card's pager, data
	// revalidated after a form) and lose their place.
	const waiting = adopted && changed ? (ready?.() ?? null) : null
	const [, settled] = useState(0)
	useEffect(() => {
		if (!waiting) return
		let mounted = true
		const rerender = () => mounted && settled((count) => count + 1)
		waiting.then(rerender, rerender)
		return () => {
			mounted = false
		}
	}, [waiting])
	const marker = { [KEPT_ATTRIBUTE]: id }
	if (adopted && (!changed || waiting)) {
		return <Tag key="kept" className={className} {...marker} dangerouslySetInnerHTML={{ __html: kept.html! }} />
	}
	// Another key: React replaces the adopted element rather than diffing HTML it never rendered.
	return (
		<Tag key="rendered" className={className} {...marker}>
			{render()}
		</Tag>
	)
}

const sameValues = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((value, index) => Object.is(value, b[index]))
