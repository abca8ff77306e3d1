/**
 * The demo's mail server: without SMTP_URL, the site's primary process listens for SMTP on
 * loopback (a free port) and keeps what it receives in the mailbox (mailbox.ts), so the site
 * sends every email through nodemailer as it would to a real server, and staff read them at
 * /mailbox. Never started in production: there, without SMTP_URL, nothing listens.
 */
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import type { BackendEnv } from '../env.ts'
import { logger } from '../logger.ts'
import { siteMode } from '../mode.ts'
import { keepMessage, MAILBOX_DIR } from './mailbox.ts'

/** Set by server.ts for the site's processes (a cluster's workers too): where the embedded server listens. */
export const EMBEDDED_SMTP_URL_VARIABLE = 'EMBEDDED_SMTP_URL'
/** Larger than any email the site sends (a digest of 50 rows is about 60 KB). */
const MAX_MESSAGE_BYTES = 5 * 1024 * 1024

export type EmbeddedSmtp = { url: string; close: () => Promise<void> }

export async function startEmbeddedSmtp({ dir = MAILBOX_DIR, port = 0 }: { dir?: string; port?: number } = {}): Promise<EmbeddedSmtp> {
	const server = new SMTPServer({
		// Loopback only, from the site's own processes: no sign-in, no TLS to offer.
		authOptional: true,
		disabledCommands: ['AUTH', 'STARTTLS'],
		size: MAX_MESSAGE_BYTES,
		banner: 'demo mailbox',
		logger: false,
		onData(stream, _session, callback) {
			const chunks: Buffer[] = []
			stream.on('data', (chunk: Buffer) => chunks.push(chunk))
			stream.on('error', callback)
			stream.on('end', () => {
				if ((stream as { sizeExceeded?: boolean }).sizeExceeded) return callback(Object.assign(new Error('message too large'), { responseCode: 552 }))
				keepMessage(Buffer.concat(chunks), dir).then(
					(file) => {
						logger.info(`[mail] the demo mailbox received a message: ${file}`)
						callback()
					},
					(error: Error) => callback(error),
				)
			})
		},
	})
	server.on('error', (error) => logger.error({ err: error }, '[mail] the demo mail server failed'))
	await new Promise<void>((resolve, reject) => {
		server.server.once('error', reject)
		server.listen(port, '127.0.0.1', () => {
			server.server.off('error', reject)
			resolve()
		})
	})
	const { port: listening } = server.server.address() as AddressInfo
	return {
		url: `smtp://127.0.0.1:${listening}`,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}

/**
 * The demo's mail server when the site should have one: in the demo without SMTP_URL. In
 * production nothing listens: without SMTP_URL its mailer writes files (backend/identity/mailer.ts).
 */
export async function startDemoMailServer(env: BackendEnv, options: { dir?: string } = {}): Promise<EmbeddedSmtp | null> {
	if (siteMode(env) !== 'demo' || env.SMTP_URL) return null
	return startEmbeddedSmtp(options)
}
