/**
 * The site's, the API's and the contract's modules import each other without cycles: a cycle
 * makes the order in which modules initialise decide whether a value is there yet, and hides
 * behind late `await import()`s (cards → search card → search → entity kinds → cards did).
 * Imports of types only are erased when the code runs and do not count; dynamic imports do.
 * Specifiers are relative or the site's `~/` alias for app/ (tsconfig.json `paths`).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const FOLDERS = ['app', 'backend', 'contract']

function sourceFiles(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name)
		return entry.isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(entry.name) ? [path] : []
	})
}

const typeOnly = (clause: ts.ImportClause | undefined) =>
	clause !== undefined &&
	(clause.isTypeOnly || (!clause.name && clause.namedBindings !== undefined && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((element) => element.isTypeOnly)))

/** The specifiers a module imports when it runs: static imports and re-exports that are not types only, and `import()`. */
export function runtimeImports(fileName: string, code: string): string[] {
	const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
	const found: string[] = []
	const visit = (node: ts.Node) => {
		if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && !typeOnly(node.importClause)) found.push(node.moduleSpecifier.text)
		else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) found.push(node.moduleSpecifier.text)
		else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) found.push(node.arguments[0].text)
		ts.forEachChild(node, visit)
	}
	visit(source)
	return found
}

/** The file a specifier names: relative, or `~/` for app/; null for packages. A `?url` and the like are dropped. */
export function targetOf(file: string, specifier: string): string | null {
	const path = specifier.replace(/\?.*$/, '')
	if (path.startsWith('~/')) return join(ROOT, 'app', path.slice(2))
	if (path.startsWith('.')) return resolve(dirname(file), path)
	return null
}

function importGraph(sources: Map<string, string>): Map<string, string[]> {
	return new Map(
		[...sources].map(([file, code]) => {
			const targets = runtimeImports(file, code).map((specifier) => targetOf(file, specifier))
			return [file, targets.filter((target): target is string => target !== null && sources.has(target))]
		}),
	)
}

/** Each cycle once, as the chain of files (relative to the repository) that closes it. */
function cycles(graph: Map<string, string[]>): string[] {
	const found = new Set<string>()
	const done = new Set<string>()
	const path: string[] = []
	const visit = (file: string) => {
		if (path.includes(file)) {
			found.add([...path.slice(path.indexOf(file)), file].map((step) => relative(ROOT, step)).join(' → '))
			return
		}
		if (done.has(file)) return
		path.push(file)
		for (const target of graph.get(file) ?? []) visit(target)
		path.pop()
		done.add(file)
	}
	for (const file of graph.keys()) visit(file)
	return [...found]
}

describe('imports without cycles', () => {
	test('app/, backend/ and contract/ import each other without cycles', () => {
		const files = FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder)))
		expect(cycles(importGraph(new Map(files.map((file) => [file, readFileSync(file, 'utf8')]))))).toEqual([])
	})

	test('sees a cycle through the alias, a dynamic import or a re-export, and not through types', () => {
		const at = (path: string) => join(ROOT, path)
		const graph = (sources: Record<string, string>) => cycles(importGraph(new Map(Object.entries(sources).map(([path, code]) => [at(path), code]))))
		expect(graph({ 'app/lib/a.ts': "import { b } from '~/lib/b.ts'", 'app/lib/b.ts': "import { a } from './a.ts'" })).toEqual(['app/lib/a.ts → app/lib/b.ts → app/lib/a.ts'])
		expect(graph({ 'app/a.tsx': "const b = await import('./b.ts')", 'app/b.ts': "export { a } from './a.tsx'" })).toEqual(['app/a.tsx → app/b.ts → app/a.tsx'])
		expect(graph({ 'app/a.ts': "import {\n\tb,\n} from './b.ts'", 'app/b.ts': "import type { A } from './a.ts'\nimport { type A2 } from './a.ts'\nexport type { A3 } from './a.ts'" })).toEqual([])
	})
})
