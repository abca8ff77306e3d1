import { PrefetchPageLinks, useNavigate, useSubmit } from '@remix-run/react'
import { useEffect, useRef, useState, type AnchorHTMLAttributes, type FocusEvent, type FormEvent, type FormHTMLAttributes, type MouseEvent } from 'react'

/**
 * Links that many pages repeat many times (the header and footer menus, some 150 links;
 * article teasers, three links each) cost about 9 µs of server CPU each as `<Link>`s, which
 * resolve their path and read the router's state one by one: 1.4 ms of a signed-in article's
 * 12 (issue 15). They are plain anchors marked `data-link` (AnchorLink), which work the same
 * before hydration; after it, one set of handlers on the page's body (useAnchorNavigation, in
 * root.tsx) gives them what `<Link prefetch="intent">` gives each link: navigation without a
 * document load, and the next page's modules and data fetched when the reader shows intent. GET forms
 * repeated in the menus (AnchorForm) are submitted through the router the same way.
 */
const LINK_ATTRIBUTE = 'data-link'
/** An AnchorLink that keeps the scroll position, as `<Link preventScrollReset>` (a card's pager). */
const KEEP_SCROLL_ATTRIBUTE = 'data-keep-scroll'
/** An AnchorForm that a valid choice submits at once. */
const SUBMIT_ON_CHANGE_ATTRIBUTE = 'data-submit-on-change'

/** A link to a page of the site: a plain anchor that navigates like `<Link>` once hydrated. */
export function AnchorLink({ to, preventScrollReset = false, children, ...anchor }: { to: string; preventScrollReset?: boolean } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
	return (
		<a href={to} {...{ [LINK_ATTRIBUTE]: '' }} {...(preventScrollReset ? { [KEEP_SCROLL_ATTRIBUTE]: '' } : {})} {...anchor}>
			{children}
		</a>
	)
}

/**
 * A GET form (the country picker, in the menus) that, once hydrated, navigates as `<Form>`
 * does: the body's handlers submit it through the router. `submitOnChange`: choosing a valid
 * value submits it at once (before hydration, the reader presses its button).
 */
export function AnchorForm({ submitOnChange = false, ...form }: { submitOnChange?: boolean } & Omit<FormHTMLAttributes<HTMLFormElement>, 'method'>) {
	return <form method="get" {...{ [LINK_ATTRIBUTE]: '' }} {...(submitOnChange ? { [SUBMIT_ON_CHANGE_ATTRIBUTE]: '' } : {})} {...form} />
}

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

/** The AnchorLink the event happened in, unless the browser should follow it itself. */
function linkOf(event: { target: EventTarget }): HTMLAnchorElement | null {
	if (!(event.target instanceof Element)) return null
	const anchor = event.target.closest<HTMLAnchorElement>(`a[${LINK_ATTRIBUTE}]`)
	if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null
	return new URL(anchor.href, window.location.href).origin === window.location.origin ? anchor : null
}

/** The same-origin path of an AnchorLink the event happened in, or null when the browser should follow it itself. */
function linkPath(event: { target: EventTarget }): string | null {
	const anchor = linkOf(event)
	return anchor ? pathOf(anchor) : null
}

function pathOf(anchor: HTMLAnchorElement): string {
	const url = new URL(anchor.href, window.location.href)
	return `${url.pathname}${url.search}${url.hash}`
}

/**
 * Handlers for the element holding AnchorLinks (the body), and the prefetch links to render
 * in it. A click with a modifier key or another button is left to the browser, as `<Link>`
 * leaves it.
 */
export function useAnchorNavigation() {
	const navigate = useNavigate()
	const submit = useSubmit()
	const [intent, setIntent] = useState<string | null>(null)
	const timer = useRef<ReturnType<typeof setTimeout>>()
	useEffect(() => () => clearTimeout(timer.current), [])

	function showIntent(event: MouseEvent<HTMLElement> | FocusEvent<HTMLElement>) {
		const path = linkPath(event)?.split('#', 1)[0]
		clearTimeout(timer.current)
		if (!path || path === intent) return
		timer.current = setTimeout(() => setIntent(path), INTENT_DELAY_MS)
	}
	function dropIntent() {
		clearTimeout(timer.current)
	}
	const handlers = {
		onClick(event: MouseEvent<HTMLElement>) {
			if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return
			const anchor = linkOf(event)
			if (!anchor) return
			event.preventDefault()
			const path = pathOf(anchor)
			// As <Link>: a link to the page the reader is on replaces its history entry.
			const here = `${window.location.pathname}${window.location.search}${window.location.hash}`
			navigate(path, { replace: path === here, preventScrollReset: anchor.hasAttribute(KEEP_SCROLL_ATTRIBUTE) })
		},
		onSubmit(event: FormEvent<HTMLElement>) {
			const form = event.target
			if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !form.hasAttribute(LINK_ATTRIBUTE)) return
			event.preventDefault()
			const submitter = (event.nativeEvent as SubmitEvent).submitter
			submit(submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : form)
		},
		// The input event, not React's onChange: React makes its change event only for a field it
		// rendered itself, and the menus' pickers may be HTML the browser adopted (KeptMarkup).
		// A select fires both when its value changes.
		onInput(event: FormEvent<HTMLElement>) {
			const form = event.target instanceof Element ? event.target.closest<HTMLFormElement>(`form[${SUBMIT_ON_CHANGE_ATTRIBUTE}]`) : null
			// An empty choice is not submitted: the picker's select is `required`.
			if (form?.checkValidity()) submit(form)
		},
		onMouseOver: showIntent,
		onFocus: showIntent,
		onMouseOut: dropIntent,
		onBlur: dropIntent,
	}
	const prefetch = intent ? <PrefetchPageLinks page={intent} /> : null
	return { handlers, prefetch }
}
