/**
 * Copies kept in process that a change of shared content makes stale, registered by whoever
 * keeps them (the site's chart drawings) and emptied by the server when a content-change
 * notice arrives (backend/db/content-changes.ts). The built site and the server are separate
 * bundles, each with its own copy of this module, in one process: the registry lives on
 * globalThis so both see the same one.
 */
const REGISTRY = Symbol.for('water-intelligence.stale-copies')

type Registry = Set<() => void>
const registry = ((globalThis as { [REGISTRY]?: Registry })[REGISTRY] ??= new Set())

/** `forget` runs on every change of shared content, on every host. */
export function keepsStaleCopies(forget: () => void): void {
	registry.add(forget)
}

/** Empties every registered copy. */
export function forgetStaleCopies(): void {
	for (const forget of registry) forget()
}
