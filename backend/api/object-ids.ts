/**
 * A number per object (a database, a table's source), for cache keys: kept answers are told
 * apart by the identity of what they were read from, and two databases in one process (the
 * tests) never share an answer.
 */
const objectIds = new WeakMap<object, number>()
let lastId = 0

export function idOf(object: object): number {
	let id = objectIds.get(object)
	if (id === undefined) objectIds.set(object, (id = ++lastId))
	return id
}
