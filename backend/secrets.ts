/**
 * Secrets the embedded setup needs (session signing, database password, identity keys)
 * come from the environment when set; otherwise they are generated once and kept in ./data,
 * never in the repository.
 */
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { backendEnv } from './env.ts'

export const DATA_DIR = path.resolve(backendEnv().DATA_DIR)

export async function readOrCreateSecret(name: string): Promise<string> {
	const file = path.join(DATA_DIR, 'secrets', name)
	const existing = await fs.readFile(file, 'utf8').catch(() => null)
	if (existing?.trim()) return existing.trim()
	const secret = crypto.randomBytes(24).toString('base64url')
	// ./data itself stays traversable: the embedded database runs as another OS user.
	await fs.mkdir(DATA_DIR, { recursive: true, mode: 0o755 })
	await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
	// 'wx' so two processes starting at once keep the first secret written.
	await fs.writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(async () => undefined)
	return (await fs.readFile(file, 'utf8')).trim()
}
