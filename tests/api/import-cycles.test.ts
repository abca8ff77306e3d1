/**
 * The backend's modules import each other without cycles (issue 10): a cycle makes the
 * order in which modules initialise decide whether a value is there yet, and hides behind
 * late `await import()`s (cards → search card → search → entity kinds → cards did). Imports of
 * types only are erased when the code runs and do not count; dynamic imports do.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** `import … from '…'`, `export … from '…'` (not `import type`/`export type`) and `import('…')`. */
const RUNTIME_IMPORT = /^\s*(?:import|export)\s+(?!type\s)[^'"]*?from\s+['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/gm

function sourceFiles(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name)
		return entry.isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(entry.name) ? [path] : []
	})
}

function importGraph(folder: string): Map<string, string[]> {
	const files = sourceFiles(folder)
	return new Map(
		files.map((file) => {
			const targets = [...readFileSync(file, 'utf8').matchAll(RUNTIME_IMPORT)].map((match) => resolve(dirname(file), match[1] ?? match[2]))
			return [file, targets.filter((target) => files.includes(target))]
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

test('the backend’s modules import each other without cycles', () => {
	expect(cycles(importGraph(join(ROOT, 'backend')))).toEqual([])
})
