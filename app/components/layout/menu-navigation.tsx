import { PrefetchPageLinks, useNavigate } from '@remix-run/react'
import { useEffect, useRef, useState, type FocusEvent, type MouseEvent } from 'react'

/**
 * The header and footer menus hold some 150 links on every page. As `<NavLink>`s they cost
 * about 1.7 ms of server CPU per page, 14 % of a signed-in article (issue 15), because each
 * one resolves its path and reads the router's state. So the menus' links are plain anchors,
 * which work the same before hydration, and one set of handlers on the header and one on the
 * footer gives them what `<NavLink>` gave each link after it: navigation without a document
 * load, and the next page's modules and data fetched when the reader shows intent.
 */

/**
 * The menu link's current-page state, as `<NavLink>` decides it: the link's path, or a page
 * below it, case-insensitively. Query and hash do not count.
 */
export function isCurrentPage(link: string, pathname: string): boolean {
	const target = (link.split(/[?#]/, 1)[0] ?? '').toLowerCase()
	const current = pathname.toLowerCase()
	if (!target.startsWith('/')) return false
	if (current === target) return true
	const base = target !== '/' && target.endsWith('/') ? target.slice(0, -1) : target
	return target !== '/' && current.startsWith(base) && current.charAt(base.length) === '/'
}

/** How long the pointer or focus rests on a link before its page is fetched (as `prefetch="intent"`). */
const INTENT_DELAY_MS = 100

/** The same-origin path an event's anchor leads to, or null when the browser should follow it itself. */
function internalPath(event: { target: EventTarget; currentTarget: Element }): string | null {
	if (!(event.target instanceof Element)) return null
	const anchor = event.target.closest('a')
	if (!anchor || !event.currentTarget.contains(anchor)) return null
	if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null
	const url = new URL(anchor.href, window.location.href)
	if (url.origin !== window.location.origin) return null
	return `${url.pathname}${url.search}${url.hash}`
}

/**
 * Handlers for an element holding menu anchors, and the prefetch links to render beside them.
 * A click with a modifier key or another button, on a link to elsewhere, or one a `<Link>`
 * inside has handled already, is left to the browser (as `<Link>` leaves it).
 */
export function useMenuNavigation() {
	const navigate = useNavigate()
	const [intent, setIntent] = useState<string | null>(null)
	const timer = useRef<ReturnType<typeof setTimeout>>()
	useEffect(() => () => clearTimeout(timer.current), [])

	function showIntent(event: MouseEvent<HTMLElement> | FocusEvent<HTMLElement>) {
		const path = internalPath(event)
		if (path === null || path === intent) return
		clearTimeout(timer.current)
		timer.current = setTimeout(() => setIntent(path.split('#', 1)[0] ?? path), INTENT_DELAY_MS)
	}
	function dropIntent() {
		clearTimeout(timer.current)
	}
	const handlers = {
		onClick(event: MouseEvent<HTMLElement>) {
			if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return
			const path = internalPath(event)
			if (path === null) return
			event.preventDefault()
			navigate(path)
		},
		onMouseOver: showIntent,
		onFocus: showIntent,
		onMouseOut: dropIntent,
		onBlur: dropIntent,
	}
	const prefetch = intent ? <PrefetchPageLinks page={intent} /> : null
	return { handlers, prefetch }
}
