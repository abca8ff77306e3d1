import { vitePlugin as remix } from '@remix-run/dev'
import path from 'node:path'
import { defineConfig, type Plugin } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'

declare module '@remix-run/node' {
	interface Future {
		v3_singleFetch: true
	}
}

/**
 * Every page loads the root route and everything it imports statically (the header, footer,
 * cookie banner, error boundary and the lib modules they use). Rollup made a file of each
 * module shared with some route, a dozen files of a few hundred bytes, each with its own
 * imports and gzip frame (the 100 kB first-load budget counts them all). In the client build the
 * site's modules in that static closure go to one `shell` chunk, and Rollup adds the libraries
 * they import (React, Remix's runtime: loaded by every page too); a route's own modules and
 * anything loaded on demand (cards, charts, exporters) stay where Rollup puts them. The home
 * page's scripts went from 25 files and 101.0 kB gzip to 15 files and 97.0 kB.
 */
function shellChunk(): Plugin {
	const root = path.resolve('app/root.tsx')
	let shell: Set<string> | undefined
	let ssr = false
	return {
		name: 'shell-chunk',
		apply: 'build',
		configResolved(config) {
			ssr = Boolean(config.build.ssr)
		},
		outputOptions(options) {
			if (ssr) return null
			return {
				...options,
				manualChunks(id, { getModuleInfo }) {
					if (!shell) {
						shell = new Set()
						const walk = (moduleId: string) => {
							for (const imported of getModuleInfo(moduleId)?.importedIds ?? []) {
								if (shell!.has(imported) || imported.includes('/node_modules/') || !imported.startsWith(path.resolve('.'))) continue
								shell!.add(imported)
								walk(imported)
							}
						}
						walk(root)
					}
					// zod stays a chunk of its own: only the pages whose forms validate with it load it
					// (the browser's rules and messages live in modules without zod).
					if (id.includes('/node_modules/zod/')) return 'zod'
					return shell.has(id) ? 'shell' : undefined
				},
			}
		},
	}
}

export default defineConfig(({ isSsrBuild }) => ({
	build: {
		// Small assets inline would need a CSP exception; keep every asset a hashed file.
		assetsInlineLimit: 0,
		target: 'es2022',
		// Terser takes about 3 kB gzip more off the framework's code than esbuild's minifier (the first-load
		// 100 kB budget). The server's build stays unminified: readable stack traces, nothing to download.
		minify: isSsrBuild ? false : 'terser',
	},
	plugins: [
		remix({
			future: {
				v3_fetcherPersist: true,
				v3_relativeSplatPath: true,
				v3_throwAbortReason: true,
				v3_singleFetch: true,
				v3_lazyRouteDiscovery: true,
				v3_routeConfig: true,
			},
		}),
		tsconfigPaths(),
		shellChunk(),
	],
}))
