/**
 * The e2e server's output, copied to a file (e2e/support/server.ts), so a test can follow
 * what the embedded setup writes to its log, such as a forgotten-password link.
 */
import fs from 'node:fs'
import path from 'node:path'

export const SERVER_LOG = path.resolve('test-results', `e2e-server-${process.env.E2E_PORT ?? 3100}.log`)

/** The last password-reset link logged for `email` (the embedded mailer logs messages it cannot send). */
export function lastResetLink(email: string): string | null {
	const text = fs.readFileSync(SERVER_LOG, 'utf8')
	const at = text.lastIndexOf(`email to ${email} `)
	if (at < 0) return null
	return /https?:\/\/\S+\/oidc\/password-reset\?token=\S+/.exec(text.slice(at))?.[0] ?? null
}
