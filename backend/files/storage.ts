/**
 * File storage (spec 002 §7 "File download"): document files live in a local folder,
 * FILE_STORAGE_DIR or DATA_DIR/files. A stored file is named by its path inside that
 * folder; nothing outside it is ever served (`resolveStoredPath` refuses absolute paths,
 * `..` segments, NUL bytes and symbolic links leading out).
 */
import fs from 'node:fs'
import path from 'node:path'
import { backendEnv } from '../env.ts'
import { DATA_DIR } from '../secrets.ts'

export const storageRoot = () => path.resolve(backendEnv().FILE_STORAGE_DIR ?? path.join(DATA_DIR, 'files'))

/** Documents name their files `/files/{name}` (documents.file_path); the storage name is `{name}`. */
export const DOCUMENT_FILE_PREFIX = '/files/'
export const storageNameOf = (filePath: string) => (filePath.startsWith(DOCUMENT_FILE_PREFIX) ? filePath.slice(DOCUMENT_FILE_PREFIX.length) : filePath)

/** The absolute path of `name` inside `root`, or null when it would leave the folder. */
export function resolveStoredPath(root: string, name: string): string | null {
	if (name.length === 0 || name.includes('\0') || path.isAbsolute(name) || /^[a-zA-Z]:/.test(name)) return null
	const segments = name.split(/[\\/]+/)
	if (segments.some((segment) => segment === '..' || segment === '.')) return null
	const resolved = path.resolve(root, ...segments)
	return resolved.startsWith(root + path.sep) ? resolved : null
}

/** An existing regular file inside the storage folder (its real path checked too), or null. */
export async function openStoredFile(name: string, root = storageRoot()): Promise<{ path: string; size: number } | null> {
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
