/**
 * File storage (spec 002 §7 "File download"): where document files live, behind
 * one interface (stored-name.ts) with two implementations:
 * - the local folder, the default: FILE_STORAGE_DIR or DATA_DIR/files (local-storage.ts);
 * - an S3-compatible bucket when S3_BUCKET is set (s3-storage.ts).
 * Both refuse any name that would leave the storage (`isSafeStoredName`).
 */
import path from 'node:path'
import { backendEnv, type BackendEnv } from '../env.ts'
import { DATA_DIR } from '../secrets.ts'
import { createLocalStorage } from './local-storage.ts'
import { createS3Storage } from './s3-storage.ts'
import type { FileStorage } from './stored-name.ts'

export { isSafeStoredName, storageNameOf, DOCUMENT_FILE_PREFIX, type FileStorage, type StoredFile } from './stored-name.ts'

/** The local folder's path (the default storage). */
/** The region when neither S3_REGION nor the SDK's AWS_REGION names one (S3-compatible services mostly ignore it). */
export const DEFAULT_S3_REGION = 'us-east-1'

export const localStorageRoot = (env: BackendEnv = backendEnv()) => path.resolve(env.FILE_STORAGE_DIR ?? path.join(DATA_DIR, 'files'))

/** The bucket when S3_BUCKET is set, else the local folder. Read at call time: a test may change the mode. */
export function fileStorageFromEnv(env: BackendEnv = backendEnv()): FileStorage {
	if (env.S3_BUCKET) {
		const credentials = env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined
		return createS3Storage({ bucket: env.S3_BUCKET, endpoint: env.S3_ENDPOINT, region: env.S3_REGION ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? DEFAULT_S3_REGION, credentials })
	}
	return createLocalStorage(localStorageRoot(env))
}
