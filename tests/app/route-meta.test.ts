/**
 * When a loader fails, Remix still calls the route's `meta` with no data before it renders
 * the error page. A `meta` that assumes data turns a 503 or a 404 into a 500, so every route
 * module's `meta` must cope with `data: undefined`.
 */
import type { MetaArgs, MetaFunction } from '@remix-run/node'
import { describe, expect, test } from 'vitest'

const routeModules = import.meta.glob<{ meta?: MetaFunction }>(['../../app/routes/**/*.{ts,tsx}', '!**/*.server.ts', '!**/*.test.ts'], { eager: true })

const pages = Object.entries(routeModules).filter(([, module]) => typeof module.meta === 'function')

describe('meta of a route whose loader failed', () => {
	test('finds the page routes', () => {
		expect(pages.length).toBeGreaterThan(5)
	})
	test.each(pages.map(([file, module]) => [file.replace('../../app/routes/', ''), module.meta!] as const))('%s', (_file, meta) => {
		const args = {
			data: undefined,
			params: {},
			location: { pathname: '/somewhere', search: '', hash: '', state: null, key: 'default' },
			matches: [],
			error: new Error('the loader failed'),
		} as unknown as MetaArgs
		const descriptors = meta(args)
		expect(Array.isArray(descriptors)).toBe(true)
		const title = descriptors.find((descriptor): descriptor is { title: string } => 'title' in descriptor)
		expect(title?.title).toBeTruthy()
	})
})
