/**
 * A real SMTP server (smtp-server) on loopback whose messages are parsed (mailparser) into an
 * inbox, for tests of what the site emails. Started before a file's tests, closed after them.
 */
import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll } from 'vitest'

export type SmtpInbox = {
	/** Every message received so far, in arrival order. */
	messages: ParsedMail[]
	/** `smtp://127.0.0.1:<port>`, set once the server listens (in beforeAll). */
	url: string
	/** The messages addressed to `email`. */
	to(email: string): ParsedMail[]
}

export function useSmtpInbox(): SmtpInbox {
	const messages: ParsedMail[] = []
	const inbox: SmtpInbox = {
		messages,
		url: '',
		to: (email) => messages.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value[0]?.address === email),
	}
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS'],
		onData(stream, _session, callback) {
			simpleParser(stream).then(
				(mail) => {
					messages.push(mail)
					callback()
				},
				(error: Error) => callback(error),
			)
		},
	})
	beforeAll(async () => {
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
		inbox.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`
	})
	afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
	return inbox
}
