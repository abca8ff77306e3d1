import { vitePlugin as remix } from '@remix-run/dev'
import path from 'node:path'
import ts from 'typescript'
import { defineConfig, type Plugin } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'

declare module '@remix-run/node' {
	interface Future {
		v3_singleFetch: true
	}
}

/**
 * The browser imports contract and lib modules for their constants and rules; the zod schemas
 * beside them are top-level calls Rollup cannot prove free of side effects (zod's builders
 * register and mutate), so zod (27 kB gzip) reached every page although no page's scripts
 * used those schemas. Building a schema does nothing else, and these modules (contract/ does
 * no I/O, docs/decisions/0013) compute their top-level constants without side effects, so in
 * the client build each top-level `const X = <expression with a call>` of a module that imports
 * zod becomes `const X = /* @__PURE__ *\/ (() => <expression>)()`: a schema nothing uses is
 * dropped, one a form uses stays and is built as before. The server build is left as it is.
 */
function unusedSchemasLeaveTheClient(): Plugin {
	return {
		name: 'unused-schemas-leave-the-client',
		enforce: 'pre',
		apply: 'build',
		transform(code, id, options) {
			if (options?.ssr || !/\/(app|contract)\/.*\.tsx?$/.test(id) || !/from ['"]zod['"]/.test(code)) return null
			const source = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true, id.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
			const wraps: { start: number; end: number }[] = []
			for (const statement of source.statements) {
				if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue
				for (const declaration of statement.declarationList.declarations) {
					const value = declaration.initializer
					// Calls, and objects or arrays built with calls (`{ id: z.number().int() }`); not functions.
					if (!value || ts.isArrowFunction(value) || ts.isFunctionExpression(value) || ts.isClassExpression(value) || !value.getText(source).includes('(')) continue
					wraps.push({ start: value.getStart(source), end: value.getEnd() })
				}
			}
			if (wraps.length === 0) return null
			let out = code
			for (const { start, end } of wraps.reverse()) out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`
			return { code: out, map: null }
		},
	}
}

/**
 * Every page loads the root route and everything it imports statically (the header, footer,
 * cookie banner, error boundary and the lib modules they use). Rollup made a file of each
 * module shared with some route, a dozen files of a few hundred bytes, each with its own
 * imports and gzip frame (issue 15's 100 kB budget counts them all). In the client build the
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
					// zod stays a chunk of its own: the shell's contract modules import it for schemas the
					// client build drops (above), and only the forms that validate with it load it.
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
		// Terser takes about 3 kB gzip more off the framework's code than esbuild's minifier (issue 15's
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
		unusedSchemasLeaveTheClient(),
		shellChunk(),
	],
}))
