/**
 * The demo mailbox, against a real PostgreSQL and the real embedded SMTP server (smtp-server):
 * the site's mailer sends through it and the mailbox lists what arrived; it keeps the newest
 * messages only; production never starts it; the API shows it to staff in the demo only, and
 * its button sends a seeded demo account's alert, with something to report, at once.
 */
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { backendEnv } from '../../backend/env.ts'
import { createMailer } from '../../backend/identity/mailer.ts'
import { EMBEDDED_SMTP_URL_VARIABLE, startDemoMailServer, type EmbeddedSmtp } from '../../backend/mail/embedded-smtp.ts'
import { keepMessage, listMessages, MAILBOX_DIR, MAILBOX_LIMIT, readMessage } from '../../backend/mail/mailbox.ts'
import { DEMO_ALERT } from '../../backend/seed/demo-accounts.ts'
import { tokenFor } from '../support/api-identity.ts'
import { useTestApi } from '../support/test-api.ts'

const { database, api, get } = useTestApi()
const DEMO = { SITE_MODE: 'demo' } as const
let dir: string

beforeAll(async () => {
	dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mailbox-'))
})
afterAll(() => fs.rm(dir, { recursive: true, force: true }))

describe('the embedded mail server', () => {
	test('in the demo without SMTP_URL it receives what the mailer sends, and the mailbox lists it', async () => {
		const smtp = await startDemoMailServer(backendEnv(DEMO), { dir })
		expect(smtp).not.toBeNull()
		try {
			expect(smtp!.url).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/)
			const mailer = createMailer({ [EMBEDDED_SMTP_URL_VARIABLE]: smtp!.url })
			await mailer.send({ to: 'reader@example.com', subject: 'Reset your password', text: 'Follow https://example.com/reset?token=abc', html: '<p>Follow <a href="https://example.com/reset?token=abc">the link</a></p>' })
			await mailer.send({ to: 'other@example.com', subject: 'The second', text: 'Second' })
			const listed = await listMessages(dir)
			expect(listed.map((m) => [m.to, m.subject])).toEqual([
				['other@example.com', 'The second'],
				['reader@example.com', 'Reset your password'],
			])
			const message = await readMessage(listed[1]!.id, dir)
			expect(message).toMatchObject({ to: 'reader@example.com', subject: 'Reset your password' })
			expect(message!.text).toContain('https://example.com/reset?token=abc')
			expect(message!.html).toContain('<a href="https://example.com/reset?token=abc">')
			// Readable by the server's user only: a reset link is a secret.
			for (const file of await fs.readdir(dir)) expect((await fs.stat(path.join(dir, file))).mode & 0o077).toBe(0)
		} finally {
			await smtp?.close()
		}
	})

	test('production never starts it, nor does a demo given SMTP_URL', async () => {
		expect(await startDemoMailServer(backendEnv({ DATABASE_URL: 'postgres://db.example.com/site' }), { dir })).toBeNull()
		expect(await startDemoMailServer(backendEnv({ SITE_MODE: 'production' }), { dir })).toBeNull()
		expect(await startDemoMailServer(backendEnv({ ...DEMO, SMTP_URL: 'smtp://mail.example.com' }), { dir })).toBeNull()
	})

	test('the mailbox keeps the newest messages only', async () => {
		const bounded = await fs.mkdtemp(path.join(os.tmpdir(), 'mailbox-bounded-'))
		try {
			for (let i = 0; i <= MAILBOX_LIMIT; i++) await keepMessage(Buffer.from(`To: r@example.com\r\nSubject: Message ${i}\r\n\r\nBody ${i}\r\n`), bounded)
			const listed = await listMessages(bounded)
			expect(listed).toHaveLength(MAILBOX_LIMIT)
			expect(listed[0]!.subject).toBe(`Message ${MAILBOX_LIMIT}`)
			expect(listed.some((m) => m.subject === 'Message 0')).toBe(false)
		} finally {
			await fs.rm(bounded, { recursive: true, force: true })
		}
	})

	test('an id that is not one of the mailbox’s names reads nothing', async () => {
		expect(await readMessage('../secrets/session-secret', dir)).toBeNull()
		expect(await readMessage('2026-01-01T00-00-00-000Z-00000000', dir)).toBeNull()
	})
})

describe('the mailbox API', () => {
	let smtp: EmbeddedSmtp | null
	const saved = { mode: process.env.SITE_MODE, smtp: process.env[EMBEDDED_SMTP_URL_VARIABLE] }
	beforeAll(async () => {
		process.env.SITE_MODE = 'demo'
		// As server.ts does: the site's mailer sends to the demo's mail server, which keeps what it gets in DATA_DIR/mail.
		smtp = await startDemoMailServer(backendEnv())
		process.env[EMBEDDED_SMTP_URL_VARIABLE] = smtp!.url
	})
	afterEach(() => {
		process.env.SITE_MODE = 'demo'
	})
	afterAll(async () => {
		await smtp?.close()
		for (const [name, value] of [['SITE_MODE', saved.mode], [EMBEDDED_SMTP_URL_VARIABLE, saved.smtp]] as const) {
			if (value === undefined) delete process.env[name]
			else process.env[name] = value
		}
	})

	test('staff read it; a member is refused; a visitor must sign in; production has none', async () => {
		const staff = await tokenFor(database.db, 'staff@example.com')
		const member = await tokenFor(database.db, 'executive@example.com')
		expect((await get('/mailbox', staff)).status).toBe(200)
		expect((await get('/mailbox', member)).status).toBe(403)
		expect((await get('/mailbox')).status).toBe(401)
		const send = (token: string) => api.request('/mailbox/send-alerts', { method: 'POST', headers: { Authorization: `Bearer ${token}` } })
		expect((await send(member)).status).toBe(403)
		process.env.SITE_MODE = 'production'
		expect((await get('/mailbox', staff)).status).toBe(404)
		expect((await send(staff)).status).toBe(404)
	})

	test('the button sends each demo account’s alert now, and the digest arrives in the mailbox', async () => {
		const staff = await tokenFor(database.db, 'staff@example.com')
		// The seed's alert: the executive's saved desalination search, with a week of news.
		const { rows } = await database.db.execute<{ id: number }>(
			sql`select a.id from alerts a join users u on u.id = a.user_id join saved_searches s on s.id = a.saved_search_id where u.email = 'executive@example.com' and s.url = ${DEMO_ALERT.url} and a.paused_reason is null`,
		)
		expect(rows).toHaveLength(1)
		const response = await api.request('/mailbox/send-alerts', { method: 'POST', headers: { Authorization: `Bearer ${staff}` } })
		expect(response.status).toBe(200)
		const { item } = (await response.json()) as { item: { sent: number; failed: number } }
		expect(item.sent).toBeGreaterThan(0)
		expect(item.failed).toBe(0)
		const { body } = await get('/mailbox', staff)
		const digest = (body.items as { id: string; to: string; subject: string }[]).find((m) => m.to === 'executive@example.com' && m.subject.includes(DEMO_ALERT.name))
		expect(digest).toBeDefined()
		const { body: opened } = await get(`/mailbox/${digest!.id}`, staff)
		expect(opened.item.text).toContain('/projects/')
		expect(opened.item.html).toContain('width="700"')
		// Sent once: pressed again, nothing new for that alert.
		const again = (await (await api.request('/mailbox/send-alerts', { method: 'POST', headers: { Authorization: `Bearer ${staff}` } })).json()) as { item: { sent: number } }
		expect(again.item.sent).toBe(0)
		// The mailbox folder is the one the site reads.
		expect(MAILBOX_DIR).toBe(path.join(path.resolve(backendEnv().DATA_DIR), 'mail'))
	})
})
