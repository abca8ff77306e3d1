/**
 * Which route of the site answers an address, by its Remix route id (`routes/articles.$slug`,
 * `root` for an address no route claims): the request log's `routeId` and the label of the
 * request-duration metric (server.ts). Matched as Remix matches it, with the router's public
 * `matchRoutes` over the build's route manifest; a single-fetch data request (`/x.data`,
 * `/_root.data`) counts as the page it loads.
 */
import type { ServerBuild } from '@remix-run/node'
import { matchRoutes } from '@remix-run/react'
import { LRUCache } from 'lru-cache'

type RouteNode = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteNode[] }

/** The route tree of each build, made once (a production build never changes; Vite's may). */
const trees = new WeakMap<ServerBuild['routes'], RouteNode[]>()

function treeOf(manifest: ServerBuild['routes']): RouteNode[] {
	let tree = trees.get(manifest)
	if (tree) return tree
	const children = new Map<string | undefined, RouteNode[]>()
	for (const route of Object.values(manifest)) {
		if (!route) continue
		const node: RouteNode = { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive }
		children.set(route.parentId, [...(children.get(route.parentId) ?? []), node])
	}
	const attach = (nodes: RouteNode[]): RouteNode[] =>
		nodes.map((node) => {
			const below = children.get(node.id)
			return below && !node.index ? { ...node, children: attach(below) } : node
		})
	tree = attach(children.get(undefined) ?? [])
	trees.set(manifest, tree)
	return tree
}

/**
 * Our choice: the addresses whose route is remembered, per build. The router flattens and ranks
 * the whole route tree on every match; done for every request (page-cache hits included) it was
 * a third of a cached page's CPU in the bench's profile. Bounded, since addresses are unbounded.
 */
const REMEMBERED_ADDRESSES = 5_000

const remembered = new WeakMap<ServerBuild['routes'], LRUCache<string, string>>()

export function routeIdOf(build: Pick<ServerBuild, 'routes'>, pathname: string): string {
	let known = remembered.get(build.routes)
	if (!known) remembered.set(build.routes, (known = new LRUCache<string, string>({ max: REMEMBERED_ADDRESSES })))
	const cached = known.get(pathname)
	if (cached) return cached
	const page = pathname.endsWith('.data') ? pathname.replace(/\.data$/, '').replace(/^\/_root$/, '/') : pathname
	// Index routes carry no children (attach above), as the router's own type requires.
	const matches = matchRoutes(treeOf(build.routes) as Parameters<typeof matchRoutes>[0], page)
	const routeId = (matches?.at(-1)?.route as RouteNode | undefined)?.id ?? 'root'
	known.set(pathname, routeId)
	return routeId
}
