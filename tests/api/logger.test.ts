/**
 * The server's log (backend/logger.ts, contract/log-redaction.ts): JSON lines with the
 * values of secrets redacted wherever they appear, every waiting line written when the process
 * exits; and the embedded mailer, which writes a reset link to its mailbox, not to the log.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { redactSecrets } from '../../contract/log-redaction.ts'
import { createMailer } from '../../backend/identity/mailer.ts'
import { simpleParser } from 'mailparser'
import { createLogger, logger } from '../../backend/logger.ts'

/** A logger writing into an array, one parsed object per line. */
function capturedLogger() {
	const lines: Record<string, unknown>[] = []
	const stream = new Writable({
		write(chunk, _encoding, done) {
			for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>)
			done()
		},
	})
	return { log: createLogger({ level: 'debug', stream }), lines }
}

afterEach(() => void vi.restoreAllMocks())

describe('redaction', () => {
	test.each([
		['/preview?secret=abc123&page=2', '/preview?secret=[redacted]&page=2'],
		['GET /oidc/password-reset?token=xyz789 failed', 'GET /oidc/password-reset?token=[redacted] failed'],
		['/auth/callback?code=abc123&state=xyz789', '/auth/callback?code=[redacted]&state=[redacted]'],
		['secret=abc123', 'secret=[redacted]'],
		['/login?returnTo=%2Foidc%2Fpassword-reset%3Ftoken%3Dxyz789%26a%3D1', '/login?returnTo=%2Foidc%2Fpassword-reset%3Ftoken%3D[redacted]%26a%3D1'],
		['currentPassword=hunter2&newPassword=hunter3', 'currentPassword=[redacted]&newPassword=[redacted]'],
		['{"email":"a@b.c","password":"hunter2","refreshToken":"r-1"}', '{"email":"a@b.c","password":"[redacted]","refreshToken":"[redacted]"}'],
		['Authorization: Bearer eyJhbGciOi.eyJzdWIi.sig', 'Authorization: Bearer [redacted]'],
		['/search?q=token&postcode=AB1', '/search?q=token&postcode=AB1'],
	])('%s', (text, redacted) => {
		expect(redactSecrets(text)).toBe(redacted)
	})
})

describe('the log', () => {
	test('a line is one JSON object: time, level, message and fields', () => {
		const { log, lines } = capturedLogger()
		log.info({ routeId: 'routes/_index' }, '[server] hello')
		expect(lines).toEqual([expect.objectContaining({ level: 30, msg: '[server] hello', routeId: 'routes/_index', time: expect.any(Number) })])
	})

	test('secrets are redacted in messages, in fields at any depth, and in errors', () => {
		const { log, lines } = capturedLogger()
		log.warn('[x] GET /?secret=abc123&token=xyz789')
		log.info({ body: { email: 'a@b.c', password: 'hunter2', nested: { state: 'xyz789' } }, url: '/x?code=abc123' }, 'form')
		log.error({ err: new Error('fetch /oidc/password-reset?token=xyz789 failed') }, '[y] failed')
		log.error(new Error('the secret=abc123 leaked'))
		const text = JSON.stringify(lines)
		for (const secret of ['abc123', 'xyz789', 'hunter2']) expect(text).not.toContain(secret)
		expect(lines[1]).toMatchObject({ body: { email: 'a@b.c', password: '[redacted]', nested: { state: '[redacted]' } }, url: '/x?code=[redacted]' })
		expect(lines[2]).toMatchObject({ msg: '[y] failed', err: { type: 'Error', message: 'fetch /oidc/password-reset?token=[redacted] failed' } })
	})

	test('lines still waiting when the process exits are written', () => {
		// A process of its own: it logs, then exits long before the flush interval.
		const script = `
			const { logger } = await import(${JSON.stringify(path.resolve('backend/logger.ts'))})
			logger.info('[test] the last line')
			process.exit(0)`
		const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
			encoding: 'utf8',
			timeout: 20_000,
			env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info' },
		})
		expect(child.stderr).toBe('')
		const lines = child.stdout.split('\n').filter(Boolean)
		expect(lines).toHaveLength(1)
		expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, msg: '[test] the last line' })
	})
})

describe('the embedded mailer', () => {
	test('without SMTP_URL a message goes to the mailbox folder; the log says where, without the link', async () => {
		const mailbox = await fs.mkdtemp(path.join(os.tmpdir(), 'mailbox-'))
		const logged: string[] = []
		vi.spyOn(logger, 'info').mockImplementation(((message: string) => void logged.push(message)) as typeof logger.info)
		try {
			const link = 'http://localhost:3000/oidc/password-reset?token=xyz789'
			await createMailer({} as NodeJS.ProcessEnv, mailbox).send({ to: 'reader@example.com', subject: 'Reset your password', text: `Follow ${link}` })
			const [file] = await fs.readdir(mailbox)
			// The message as it would arrive (the demo mailbox reads these files too).
			const mail = await simpleParser(await fs.readFile(path.join(mailbox, file!)))
			expect(mail.subject).toBe('Reset your password')
			expect(mail.text?.trim()).toBe(`Follow ${link}`)
			expect((await fs.stat(path.join(mailbox, file!))).mode & 0o077).toBe(0)
			expect(logged).toHaveLength(1)
			expect(logged[0]).toContain(path.join(mailbox, file!))
			expect(logged[0]).not.toContain('xyz789')
		} finally {
			await fs.rm(mailbox, { recursive: true, force: true })
		}
	})
})
