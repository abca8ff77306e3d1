/**
 * The dependency rule of docs/decisions/0013-contract-between-site-and-api.md: the site
 * (app/) and the embedded API (backend/) both import contract/, neither imports the other,
 * and contract/ imports neither. A publisher can then run the site against another API
 * host without backend/. This scans every source file's import specifiers, so a cross
 * import fails `npm test`, not a reviewer's eye.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '..')
const AREAS = ['app', 'backend', 'contract'] as const
type Area = (typeof AREAS)[number]

/** Which top-level folders each area may import from besides itself and npm packages. */
const ALLOWED: Record<Area, readonly Area[]> = { app: ['contract'], backend: ['contract'], contract: [] }

function sourceFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name)
		if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full)
		return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [full] : []
	})
}

/** Every module specifier: static imports and re-exports, `import()` and `require()`. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)['"]([^'"]+)['"]/g

export function importsOf(source: string): string[] {
	// Comments may name other folders freely.
	const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
	return [...code.matchAll(SPECIFIER)].map((match) => match[1]!)
}

/** The top-level folder a specifier lands in ('~/' is the site's alias for app/); null for packages. */
export function areaOf(file: string, specifier: string): string | null {
	if (specifier.startsWith('~/')) return 'app'
	if (!specifier.startsWith('.')) return null
	const target = path.relative(ROOT, path.resolve(path.dirname(file), specifier))
	return target.split(path.sep)[0] ?? null
}

function violations(): string[] {
	return AREAS.flatMap((area) =>
		sourceFiles(path.join(ROOT, area)).flatMap((file) =>
			importsOf(readFileSync(file, 'utf8'))
				.map((specifier) => ({ specifier, target: areaOf(file, specifier) }))
				.filter(({ target }) => target !== null && target !== area && (AREAS as readonly string[]).includes(target) && !ALLOWED[area].includes(target as Area))
				.map(({ specifier }) => `${path.relative(ROOT, file)} imports ${specifier}`),
		),
	)
}

describe('who imports whom: contract ← app, contract ← backend', () => {
	it('app/ does not import backend/, backend/ does not import app/, contract/ imports neither', () => {
		expect(violations()).toEqual([])
	})

	it('sees a cross import in every form it can be written', () => {
		const backendFile = path.join(ROOT, 'backend/api/articles.ts')
		const found = (source: string) => importsOf(source).map((specifier) => areaOf(backendFile, specifier))
		expect(found("import type { Card } from '../../app/lib/cards.ts'")).toEqual(['app'])
		expect(found("export { x } from '../../app/lib/x.ts'")).toEqual(['app'])
		expect(found("const m = await import('../../app/lib/x.ts')")).toEqual(['app'])
		expect(found("import '~/lib/x.ts'")).toEqual(['app'])
		expect(found("import { z } from 'zod'\nimport { a } from '../../contract/articles.ts'")).toEqual([null, 'contract'])
		expect(found("// see '../../app/lib/x.ts'\n/* from '../../app/y.ts' */")).toEqual([])
	})
})
