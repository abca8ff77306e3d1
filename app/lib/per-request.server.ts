import type { AppLoadContext } from '@remix-run/node'

type Args = { request: Request; context: AppLoadContext }

/**
 * A value worked out once per incoming request however many loaders ask for it (the root's and
 * the page's), then forgotten with the request. Kept by the load context, which is made once per
 * incoming request (Remix hands each loader a Request of its own), then by method: an action's
 * value is kept apart from its loaders', which run after it and must see what it changed; then
 * by key (the same string each time within a request, so its hash is worked out once).
 */
export function perRequest<T>(): (args: Args, key: string, make: () => T) => T {
	const kept = new WeakMap<AppLoadContext, Map<string, Map<string, T>>>()
	return ({ request, context }, key, make) => {
		let byMethod = kept.get(context)
		if (!byMethod) kept.set(context, (byMethod = new Map()))
		let byKey = byMethod.get(request.method)
		if (!byKey) byMethod.set(request.method, (byKey = new Map()))
		if (!byKey.has(key)) byKey.set(key, make())
		return byKey.get(key) as T
	}
}
