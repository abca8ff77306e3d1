/**
 * The embedded mailer's messages (backend/identity/mailer.ts: without SMTP_URL each is a file
 * in DATA_DIR/mail), so a test can follow what the site sent, such as a forgotten-password link.
 * The e2e server runs from the repository with the default DATA_DIR.
 */
import fs from 'node:fs'
import path from 'node:path'

const MAILBOX = path.resolve(process.env.DATA_DIR ?? 'data', 'mail')

/** The last password-reset link sent to `email`. */
export function lastResetLink(email: string): string | null {
	const files = fs.existsSync(MAILBOX) ? fs.readdirSync(MAILBOX).sort().reverse() : []
	for (const file of files) {
		const text = fs.readFileSync(path.join(MAILBOX, file), 'utf8')
		if (!text.startsWith(`To: ${email}\n`)) continue
		return /https?:\/\/\S+\/oidc\/password-reset\?token=\S+/.exec(text)?.[0] ?? null
	}
	return null
}
