/**
 * How the site reaches people by email (the forgotten-password link, the alert digests), all
 * through nodemailer. With SMTP_URL set (e.g. smtps://user:pass@mail.example.com) messages
 * go out there. Without it, in the demo, to the embedded mail server the site started on
 * loopback (backend/mail/embedded-smtp.ts), which keeps them in the mailbox staff read at
 * /mailbox; elsewhere (production without SMTP_URL, `npm run worker`) nodemailer writes each
 * message to that same mailbox folder, DATA_DIR/mail, readable by the server's user only.
 * The log only says where a message is, since a reset link carries a secret and the log
 * never does (backend/logger.ts).
 */
import nodemailer, { type Transporter } from 'nodemailer'
import { PRODUCT_NAME } from '../../contract/constants.ts'
import { logger } from '../logger.ts'
import { EMBEDDED_SMTP_URL_VARIABLE } from '../mail/embedded-smtp.ts'
import { keepMessage, MAILBOX_DIR } from '../mail/mailbox.ts'

/**
 * A message: its text, and the HTML part and list headers (List-Unsubscribe) when it has them
 * (backend/mail/layout.ts renders both parts of every email the site sends).
 */
export type Message = { to: string; subject: string; text: string; html?: string; headers?: Record<string, string> }
export type Mailer = { send(message: Message): Promise<void> }

/** Our choice of sender when MAIL_FROM is unset. */
export const DEFAULT_MAIL_FROM = `${PRODUCT_NAME} <no-reply@globalwaterintel.example>`

export function createMailer(env: Record<string, string | undefined> = process.env, mailbox = MAILBOX_DIR): Mailer {
	const smtpUrl = env.SMTP_URL?.trim() || env[EMBEDDED_SMTP_URL_VARIABLE]
	const from = env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM
	if (!smtpUrl) {
		// The message as it would arrive, so the mailbox reads it like one the embedded server received.
		const composer = nodemailer.createTransport({ streamTransport: true, buffer: true })
		return {
			async send({ to, subject, text, html, headers }) {
				const { message } = (await composer.sendMail({ from, to, subject, text, html, headers })) as { message: Buffer }
				const file = await keepMessage(message, mailbox)
				logger.info(`[mail] email to ${to} (no SMTP_URL set): written to ${file}`)
			},
		}
	}
	let transporter: Transporter | undefined
	return {
		async send({ to, subject, text, html, headers }) {
			transporter ??= nodemailer.createTransport(smtpUrl)
			await transporter.sendMail({ from, to, subject, text, html, headers })
		},
	}
}
