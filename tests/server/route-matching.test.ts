/**
 * patches/@remix-run+router+*.patch makes the server's route matching reuse its work:
 * branches cached per tree shape, patterns compiled once, one whole-path test per branch.
 * It must never change which routes match. Each case is matched by the patched router (what
 * the server loads) and by the original, rebuilt here by taking the patch back out of a copy,
 * on fresh trees (found by shape) and on one tree matched again and again (found by identity:
 * the server keeps its trees per build, patches/@remix-run+react+*.patch and
 * patches/react-router-dom+*.patch).
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'

type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] }
type Match = { route: Route; params: Record<string, string | undefined>; pathname: string; pathnameBase: string }
type Router = { matchRoutes: (routes: Route[], pathname: string) => Match[] | null }

const require = createRequire(import.meta.url)
const patchedFile = require.resolve('@remix-run/router')
const patches = fs.readdirSync('patches').filter((file) => file.startsWith('@remix-run+router+'))

function originalRouter(): Router {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'router-original-'))
	const copy = path.join(dir, 'node_modules/@remix-run/router/dist/router.cjs.js')
	fs.mkdirSync(path.dirname(copy), { recursive: true })
	fs.copyFileSync(patchedFile, copy)
	// Fails when the patch is not applied to the installed router (postinstall did not run).
	for (const patch of patches) execFileSync('git', ['apply', '--reverse', path.resolve('patches', patch)], { cwd: dir })
	return require(copy) as Router
}

const patched = require(patchedFile) as Router
const original = originalRouter()

function outcome(router: Router, routes: Route[], pathname: string) {
	try {
		const matches = router.matchRoutes(routes, pathname)
		return matches?.map((match) => ({ id: match.route.id, params: match.params, pathname: match.pathname, base: match.pathnameBase })) ?? null
	} catch (error) {
		return `throws: ${(error as Error).message}`
	}
}

const copyOf = (routes: Route[]): Route[] => routes.map((route) => ({ ...route, children: route.children && copyOf(route.children) }))

/** The site's own route table, from the build's route manifest (npm test builds before vitest). */
function siteRoutes(): Route[] {
	const manifestFile = fs.readdirSync('build/client/assets').find((file) => /^manifest-.*\.js$/.test(file))
	if (!manifestFile) throw new Error('No build: run `npm run build` first')
	const window: { __remixManifest?: { routes: Record<string, Route & { parentId?: string }> } } = {}
	new Function('window', fs.readFileSync(path.join('build/client/assets', manifestFile), 'utf8'))(window)
	const all = Object.values(window.__remixManifest!.routes)
	const childrenOf = (parentId: string | undefined): Route[] =>
		all
			.filter((route) => route.parentId === parentId)
			.map(({ id, path, index, caseSensitive }) => {
				const children = childrenOf(id)
				return { id, path, index, caseSensitive, children: children.length ? children : undefined }
			})
	return childrenOf(undefined)
}

/** Pathnames near each route's own: filled in, cased, slashed, encoded, cut short and extended. */
function pathnamesAround(routes: Route[], parent = ''): string[] {
	return routes.flatMap((route) => {
		const full = [parent, route.path].filter(Boolean).join('/')
		const filled = `/${full}`.replace(/:[\w-]+\??/g, 'word').replace(/\*$/, 'a/b')
		const own = [filled, `${filled}/`, filled.toUpperCase(), `${filled}/more`, filled.replace(/\//g, '//'), filled.replace('word', 'a%2Fb'), filled.replace(/\/[^/]*$/, '')]
		return [...own, ...pathnamesAround(route.children ?? [], full)]
	})
}

/** A small deterministic generator, so a failure names a case that can be run again. */
function randomness(seed: number) {
	return {
		next: () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31,
		pick<T>(items: T[]) {
			return items[Math.floor(this.next() * items.length)]
		},
	}
}

function randomTree(random: ReturnType<typeof randomness>, depth = 0, ids = { next: 0 }): Route[] {
	return Array.from({ length: 1 + Math.floor(random.next() * 4) }, () => {
		let segments = Array.from({ length: Math.floor(random.next() * 3) }, () => random.pick(['a', 'b', 'A', ':p', ':q?', 'c?', '*', '', 'x-y']))
		if (segments.includes('*')) segments = segments.slice(0, segments.indexOf('*') + 1)
		const routePath = random.next() < 0.1 ? undefined : segments.join('/')
		const index = random.next() < 0.15 && !routePath?.includes('*')
		const route: Route = { id: `r${ids.next++}`, path: index && random.next() < 0.5 ? undefined : routePath, index: index || undefined, caseSensitive: random.next() < 0.2 || undefined }
		if (!index && depth < 3 && random.next() < 0.5) route.children = randomTree(random, depth + 1, ids)
		return route
	})
}

describe('route matching with the patched router', () => {
	// Both routers warn about odd patterns and undecodable paths, which the cases are made of.
	beforeEach(() => void vi.spyOn(console, 'warn').mockImplementation(() => {}))

	it('matches every pathname around the site’s routes exactly as the original router does', () => {
		const routes = siteRoutes()
		const pathnames = ['/', '//', '/%2F', '/x%20y', ...pathnamesAround(routes)]
		expect(pathnames.length).toBeGreaterThan(500)
		for (const pathname of pathnames) {
			const matches = outcome(patched, copyOf(routes), pathname)
			expect(matches, pathname).toEqual(outcome(original, copyOf(routes), pathname))
		}
	})

	it('matches as the original router does when one tree is matched again and again, as the server keeps its trees', () => {
		const routes = siteRoutes()
		const kept = copyOf(routes)
		const pathnames = ['/', '/%2F', ...pathnamesAround(routes)]
		for (const round of [1, 2])
			for (const pathname of pathnames) {
				const matches = patched.matchRoutes(kept, pathname)
				expect(outcome(patched, kept, pathname), `${pathname}, round ${round}`).toEqual(outcome(original, copyOf(routes), pathname))
				// The matched routes are the kept tree's own objects.
				let siblings = kept
				for (const match of matches ?? []) {
					expect(siblings).toContain(match.route)
					siblings = match.route.children ?? []
				}
			}
	})

	it('matches random route trees and pathnames exactly as the original router does', () => {
		const random = randomness(7)
		for (let tree = 0; tree < 1000; tree++) {
			const routes = randomTree(random)
			for (let i = 0; i < 20; i++) {
				const segments = Array.from({ length: Math.floor(random.next() * 5) }, () => random.pick(['a', 'b', 'A', 'c', 'x-y', 'v', '', '%2F']))
				const pathname = `/${segments.join('/')}${random.next() < 0.2 ? '/' : ''}`
				expect(outcome(patched, copyOf(routes), pathname), `${pathname} in ${JSON.stringify(routes)}`).toEqual(outcome(original, copyOf(routes), pathname))
			}
		}
	})

	it('gives each caller the routes of its own tree, though the branches were found for another', () => {
		const routes = siteRoutes()
		patched.matchRoutes(copyOf(routes), '/articles/a-slug')
		const fresh = copyOf(routes)
		const matches = patched.matchRoutes(fresh, '/articles/a-slug')!
		let siblings = fresh
		for (const match of matches) {
			expect(siblings).toContain(match.route)
			siblings = match.route.children ?? []
		}
		expect(matches.at(-1)?.route.id).toMatch(/articles\.\$slug/)
	})
})
