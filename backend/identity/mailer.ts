/**
 * How the identity provider reaches people by email (the forgotten-password link). With
 * SMTP_URL set (e.g. smtps://user:pass@mail.example.com) messages go out through nodemailer.
 * Without it (the embedded setup) each message is written to a file of its own in the
 * mailbox folder, DATA_DIR/mail, readable by the server's user only, so a developer (and
 * the browser tests) can follow the link: the log only says where it is, since a reset link
 * carries a secret and the log never does (backend/logger.ts).
 */
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer, { type Transporter } from 'nodemailer'
import { PRODUCT_NAME } from '../../contract/constants.ts'
import { logger } from '../logger.ts'
import { DATA_DIR } from '../secrets.ts'

/**
 * A message: its text, and the HTML part and list headers (List-Unsubscribe) when it has them
 * (backend/mail/layout.ts renders both parts of every email the site sends).
 */
export type Message = { to: string; subject: string; text: string; html?: string; headers?: Record<string, string> }
export type Mailer = { send(message: Message): Promise<void> }

/** Our choice of sender when MAIL_FROM is unset. */
export const DEFAULT_MAIL_FROM = `${PRODUCT_NAME} <no-reply@globalwaterintel.example>`

/** Where messages are written without SMTP_URL. */
export const MAILBOX_DIR = path.join(DATA_DIR, 'mail')

/** A message as a mailbox file: its headers, a blank line, its text. */
export const mailboxFile = ({ to, subject, text, headers = {} }: Message) =>
	`To: ${to}\nSubject: ${subject}\n${Object.entries(headers)
		.map(([name, value]) => `${name}: ${value}\n`)
		.join('')}\n${text}\n`

export function createMailer(env: Record<string, string | undefined> = process.env, mailbox = MAILBOX_DIR): Mailer {
	const smtpUrl = env.SMTP_URL?.trim()
	if (!smtpUrl) {
		return {
			async send(message) {
				await fs.mkdir(mailbox, { recursive: true, mode: 0o700 })
				// Named by time first, so the folder lists them in the order they were sent.
				const file = path.join(mailbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.txt`)
				await fs.writeFile(file, mailboxFile(message), { mode: 0o600, flag: 'wx' })
				logger.info(`[identity] email to ${message.to} (no SMTP_URL set): written to ${file}`)
			},
		}
	}
	let transporter: Transporter | undefined
	const from = env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM
	return {
		async send({ to, subject, text, html, headers }) {
			transporter ??= nodemailer.createTransport(smtpUrl)
			await transporter.sendMail({ from, to, subject, text, html, headers })
		},
	}
}
