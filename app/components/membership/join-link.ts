import { useRouteLoaderData } from '@remix-run/react'
import { loginUrl } from '~/lib/return-url.ts'

/** The join confirmation's path (spec 002 §2). */
const JOIN_PATH = '/join'

/** Whether a link leads to the join confirmation (the menu's and the gate's Join / Start a free trial). */
export function isJoinLink(href: string): boolean {
	return href === JOIN_PATH || href.startsWith(`${JOIN_PATH}?`) || href.startsWith(`${JOIN_PATH}#`)
}

/**
 * Where a Join or Start free trial link takes the reader. /join is for signed-in readers only
 * (spec 002 §2) and sends visitors home, so a visitor's link goes through sign-in first, whose
 * page also creates a free account; the reader then comes back to the same /join address,
 * with its joinType and returnPath, and the join goes on as for a signed-in free reader.
 */
export function joinHref(href: string, signedIn: boolean): string {
	return signedIn || !isJoinLink(href) ? href : loginUrl(href)
}

/** joinHref for the reader of this page (the root loader's user). */
export function useJoinHref(): (href: string) => string {
	const signedIn = useRouteLoaderData<{ user: unknown }>('root')?.user != null
	return (href) => joinHref(href, signedIn)
}
