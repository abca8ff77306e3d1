/**
 * What every document storage shares (storage.ts chooses one): the interface, and the path
 * guard every stored name passes before any storage sees it. No absolute paths, no `..` or
 * `.` segments, no empty segments, no NUL bytes, no drive letters: a name always stays inside
 * the folder or under the bucket's root, whichever the storage is.
 */
import path from 'node:path'

/** A stored file, opened: its size when known, and its bytes as a stream (read once). */
export type StoredFile = { size: number | null; stream: () => ReadableStream<Uint8Array> }

export interface FileStorage {
	/** 'local' or 's3', for logs. */
	readonly kind: 'local' | 's3'
	/** Where it stores, for logs: a folder or a bucket address. */
	readonly location: string
	/** The file named `name`, or null when there is none (or the name is refused). */
	open(name: string): Promise<StoredFile | null>
	exists(name: string): Promise<boolean>
	/** Stores `bytes` under `name` (replacing any file of that name); throws UnsafeFileName for a refused name. */
	put(name: string, bytes: Uint8Array, contentType: string): Promise<void>
}

export class UnsafeFileName extends Error {
	constructor(name: string) {
		super(`Refused file name ${JSON.stringify(name)}`)
	}
}

/** Longest stored name accepted (the download query allows 300 characters). */
const MAX_NAME_LENGTH = 300

/** The path guard: whether `name` stays inside the storage, whatever the storage is. */
export function isSafeStoredName(name: string): boolean {
	if (name.length === 0 || name.length > MAX_NAME_LENGTH || name.includes('\0') || path.isAbsolute(name) || /^[a-zA-Z]:/.test(name) || /^[\\/]/.test(name)) return false
	return !name.split(/[\\/]/).some((segment) => segment === '..' || segment === '.' || segment === '')
}

/** The segments of a safe name joined with '/': a bucket key, a path under the folder. */
export const storedKey = (name: string) => name.split(/[\\/]/).join('/')

/** Documents name their files `/files/{name}` (documents.file_path); the storage name is `{name}`. */
export const DOCUMENT_FILE_PREFIX = '/files/'
export const storageNameOf = (filePath: string) => (filePath.startsWith(DOCUMENT_FILE_PREFIX) ? filePath.slice(DOCUMENT_FILE_PREFIX.length) : filePath)
