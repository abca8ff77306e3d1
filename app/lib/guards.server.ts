/**
 * Guards for loaders and actions (in the Epic Stack's shape): each throws the
 * response a reader who may not go on gets, so a route states its rule in one line.
 * Display only, as capabilities are: the API checks the token on every call it answers.
 */
import { data, redirect, type AppLoadContext } from '@remix-run/node'
import { capabilitiesFor, type Capabilities } from './capabilities.ts'
import { loginUrl } from './return-url.ts'
import { getUserSummary, type UserSummary } from './user.server.ts'

type Args = { request: Request; context: AppLoadContext }

/** The capabilities that are yes/no questions (not badges, not who is asking). */
export type Permission = { [K in keyof Capabilities]: Capabilities[K] extends boolean ? K : never }[keyof Capabilities]

/**
 * The signed-in reader, or a redirect to sign in that comes back to `redirectTo` (default:
 * where the reader was going; a form post comes back to the page, not the post).
 */
export async function requireReader({ request, context }: Args, { redirectTo, visitorsTo }: { redirectTo?: string; visitorsTo?: string } = {}): Promise<UserSummary> {
	const user = await getUserSummary(request, context)
	if (user) return user
	// Some pages send visitors elsewhere rather than to sign in (/join and /join/complete: home).
	if (visitorsTo) throw redirect(visitorsTo)
	const { pathname, search } = new URL(request.url)
	throw redirect(loginUrl(redirectTo ?? `${pathname}${search}`))
}

/**
 * The signed-in reader who may do `permission`. By default a visitor is sent to sign in and
 * a reader without it gets 403 'Forbidden'; `otherwise` answers both instead (a page that
 * sends everyone else home, say).
 */
export async function requirePermission(args: Args, permission: Permission, { redirectTo, otherwise }: { redirectTo?: string; otherwise?: () => Response } = {}): Promise<UserSummary> {
	const user = otherwise ? await getUserSummary(args.request, args.context) : await requireReader(args, { redirectTo })
	if (user && capabilitiesFor({ permissions: user.permissions, viaNetworkAddress: user.viaNetworkAddress })[permission]) return user
	throw otherwise ? otherwise() : data('Forbidden', { status: 403, headers: { 'Cache-Control': 'no-store' } })
}
