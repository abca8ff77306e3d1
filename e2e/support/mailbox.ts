/**
 * The demo mailbox (backend/mail/mailbox.ts: each email the site sends without SMTP_URL, as
 * a raw .eml file in DATA_DIR/mail), so a test can follow what the site sent, such as a
 * forgotten-password link. The e2e server runs from the repository with the default DATA_DIR.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { simpleParser } from 'mailparser'

const MAILBOX = path.resolve(process.env.DATA_DIR ?? 'data', 'mail')

/** The last password-reset link sent to `email`. */
export async function lastResetLink(email: string): Promise<string | null> {
	const files = (await fs.readdir(MAILBOX).catch(() => [] as string[])).filter((file) => file.endsWith('.eml')).sort().reverse()
	for (const file of files) {
		const raw = await fs.readFile(path.join(MAILBOX, file)).catch(() => null)
		if (!raw) continue
		const mail = await simpleParser(raw)
		if (mail.to && !Array.isArray(mail.to) && mail.to.value[0]?.address === email) {
			const link = /https?:\/\/\S+\/oidc\/password-reset\?token=\S+/.exec(mail.text ?? '')?.[0]
			if (link) return link
		}
	}
	return null
}
