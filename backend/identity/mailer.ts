/**
 * How the identity provider reaches people by email (the forgotten-password link). With
 * SMTP_URL set (e.g. smtps://user:pass@mail.example.com) messages go out through nodemailer;
 * in the embedded setup they are written to the server log instead, so a developer can
 * follow the link.
 */
import nodemailer, { type Transporter } from 'nodemailer'
import { PRODUCT_NAME } from '../../contract/constants.ts'

export type Message = { to: string; subject: string; text: string }
export type Mailer = { send(message: Message): Promise<void> }

/** Our choice of sender when MAIL_FROM is unset. */
export const DEFAULT_MAIL_FROM = `${PRODUCT_NAME} <no-reply@globalwaterintel.example>`

export function createMailer(env: NodeJS.ProcessEnv = process.env, log: (line: string) => void = console.log): Mailer {
	const smtpUrl = env.SMTP_URL?.trim()
	if (!smtpUrl) {
		return {
			async send({ to, subject, text }) {
				log(`[identity] email to ${to} (no SMTP_URL set, so it is logged here)\nSubject: ${subject}\n\n${text}\n`)
			},
		}
	}
	let transporter: Transporter | undefined
	const from = env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM
	return {
		async send({ to, subject, text }) {
			transporter ??= nodemailer.createTransport(smtpUrl)
			await transporter.sendMail({ from, to, subject, text })
		},
	}
}
