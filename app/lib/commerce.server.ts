/**
 * Server helpers of the membership and commerce pages (issue 13). The one touch point with
 * sessions: `requireSignedIn` (issue 9's guards replace it at merge).
 */
import { redirect, type AppLoadContext } from '@remix-run/node'
import { getUserSummary, type UserSummary } from './user.server.ts'

/** A signed-in reader, else the sign-in page, coming back to `returnUrl` (or `fallback` when given: /join sends visitors home). */
export async function requireSignedIn(request: Request, context: AppLoadContext, { fallback }: { fallback?: string } = {}): Promise<UserSummary> {
	const user = await getUserSummary(request, context)
	if (user) return user
	const url = new URL(request.url)
	throw redirect(fallback ?? `/login?returnUrl=${encodeURIComponent(`${url.pathname}${url.search}`)}`)
}

/** Sign in first, then back to `returnUrl`. */
export const signInFirst = (returnUrl: string) => redirect(`/login?returnUrl=${encodeURIComponent(returnUrl)}`)
