/**
 * Document storage in a local folder (the default): FILE_STORAGE_DIR or DATA_DIR/files.
 * Besides the shared path guard, a file's real path must lie inside the folder, so a
 * symbolic link cannot lead out of it.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { isSafeStoredName, UnsafeFileName, type FileStorage } from './stored-name.ts'

/** The absolute path of `name` inside `root`, or null when it would leave the folder. */
export function resolveStoredPath(root: string, name: string): string | null {
	if (!isSafeStoredName(name)) return null
	const resolved = path.resolve(root, ...name.split(/[\\/]/))
	return resolved.startsWith(root + path.sep) ? resolved : null
}

/** An existing regular file inside the folder, its real path checked too; or null. */
async function realFileInside(root: string, name: string): Promise<{ path: string; size: number } | null> {
	const candidate = resolveStoredPath(root, name)
	if (!candidate) return null
	try {
		const [real, realRoot] = await Promise.all([fs.promises.realpath(candidate), fs.promises.realpath(root)])
		if (!real.startsWith(realRoot + path.sep)) return null
		const stat = await fs.promises.stat(real)
		return stat.isFile() ? { path: real, size: stat.size } : null
	} catch {
		return null
	}
}

export function createLocalStorage(root: string): FileStorage {
	const absoluteRoot = path.resolve(root)
	return {
		kind: 'local',
		location: absoluteRoot,
		async open(name) {
			const file = await realFileInside(absoluteRoot, name)
			if (!file) return null
			return { size: file.size, stream: () => Readable.toWeb(fs.createReadStream(file.path)) as ReadableStream<Uint8Array> }
		},
		async exists(name) {
			return (await realFileInside(absoluteRoot, name)) !== null
		},
		async put(name, bytes) {
			const target = resolveStoredPath(absoluteRoot, name)
			if (!target) throw new UnsafeFileName(name)
			await fs.promises.mkdir(path.dirname(target), { recursive: true })
			// Written aside, then renamed: a reader never sees half a file.
			const temporary = `${target}.${process.pid}.${crypto.randomUUID()}.tmp`
			await fs.promises.writeFile(temporary, bytes)
			await fs.promises.rename(temporary, target)
		},
	}
}
