/**
 * Alerts against a real PostgreSQL and a real SMTP server (smtp-server), reading
 * what arrives with mailparser: a tracker alert reports what changed and nothing else; a
 * lapsed member gets the pause notice and no project; one-click unsubscribe stops the next
 * digest; two job queues on one database send one email.
 */
import net from 'node:net'
import { sql } from 'drizzle-orm'
import type { ParsedMail } from 'mailparser'
import { beforeAll, describe, expect, test } from 'vitest'
import { ALERT_MESSAGES } from '../../contract/alerts.ts'
import { keepAlertJobsRunning, startAlertJobs } from '../../backend/alerts/jobs.ts'
import { dueAlertIds, sendAlertDigest, type AlertSender } from '../../backend/alerts/send.ts'
import { unsubscribe } from '../../backend/alerts/unsubscribe.ts'
import { createMailer } from '../../backend/identity/mailer.ts'
import { useTestDatabase } from '../support/database.ts'
import { freePort } from '../support/free-port.ts'
import { useSmtpInbox } from '../support/smtp-inbox.ts'

const database = useTestDatabase()
const SECRET = 'alerts-test-secret-0123456789'
const PUBLIC_URL = 'http://localhost:3000'
const DAY = 86_400_000

const inbox = useSmtpInbox()
let sender: AlertSender
let smtpUrl: string

beforeAll(() => {
	smtpUrl = inbox.url
	sender = { db: database.db, mailer: createMailer({ SMTP_URL: smtpUrl }), publicUrl: PUBLIC_URL, secret: SECRET }
})

/** A header as sent (mailparser folds every List-* header into one 'list' object). */
const headerOf = (mail: ParsedMail, name: string) => mail.headerLines.find((line) => line.key === name)?.line.slice(name.length + 1).trim()

const mailTo = (email: string) => inbox.to(email)

let people = 0
/** A member of our own with an Executive (or `role`) role that is current (or ended `endedDaysAgo` days ago). */
async function member({ endedDaysAgo, role = 'Executive' }: { endedDaysAgo?: number; role?: string } = {}) {
	const email = `alerts-${++people}-${Date.now()}@example.com`
	const { rows } = await database.db.execute<{ id: number }>(sql`insert into users (email, subject, first_name) values (${email}, ${`test|${email}`}, 'Ada') returning id`)
	const userId = rows[0]!.id
	const end = endedDaysAgo ? new Date(Date.now() - endedDaysAgo * DAY) : new Date(Date.now() + 365 * DAY)
	await database.db.execute(
		sql`insert into dated_roles (user_id, role_id, start_date, end_date) select ${userId}, id, ${new Date(end.getTime() - 365 * DAY).toISOString()}::timestamptz, ${end.toISOString()}::timestamptz from roles where name = ${role}`,
	)
	return { userId, email }
}

/** A saved tracker (or `kind`) search turned into a daily alert, last sent two days ago. */
async function dailyAlert(userId: number, url: string, kind = 'projects') {
	const { rows } = await database.db.execute<{ id: number }>(sql`insert into saved_searches (user_id, kind, name, url) values (${userId}, ${kind}, ${`Search ${Date.now()}`}, ${url}) returning id`)
	const { rows: alerts } = await database.db.execute<{ id: number }>(
		sql`insert into alerts (saved_search_id, user_id, frequency, since) values (${rows[0]!.id}, ${userId}, 'daily', now() - interval '2 days') returning id`,
	)
	return alerts[0]!.id
}

/** A project of the search whose progress moves (and its 'Date updated' with it). */
async function moveProgress(country: string) {
	const { rows } = await database.db.execute<{ id: number; name: string; progress: string }>(sql`
		select e.id, e.name, e.progress from projects e join geographies g on g.id = e.country_id
		where g.name = ${country} and not e.is_archived and e.progress <> 'Contract awarded' order by e.id limit 1`)
	const project = rows[0]!
	await database.db.execute(sql`update projects set progress = 'Contract awarded', date_last_modified = now() where id = ${project.id}`)
	return project
}

describe('alerts', () => {
	test('a tracker alert reports the project whose progress changed, and nothing else', async () => {
		const { userId, email } = await member()
		const { rows } = await database.db.execute<{ name: string }>(sql`select g.name from projects e join geographies g on g.id = e.country_id group by g.name order by count(*) desc limit 1`)
		const country = rows[0]!.name
		const url = `/projecttracker?filters%5BCountries%5D=${encodeURIComponent(country)}`
		const alertId = await dailyAlert(userId, url)
		// Nothing in the search changed since the last digest: nothing is sent.
		await database.db.execute(
			sql`update projects set date_last_modified = least(date_last_modified, now() - interval '3 days'), date_added = least(date_added, now() - interval '3 days') where greatest(date_last_modified, date_added) > now() - interval '3 days'`,
		)
		expect(await sendAlertDigest(sender, alertId)).toBe('nothing new')
		await database.db.execute(sql`update alerts set since = now() - interval '2 days' where id = ${alertId}`)
		const project = await moveProgress(country)

		expect(await sendAlertDigest(sender, alertId)).toBe('sent')
		const [mail] = mailTo(email)
		expect(mail).toBeDefined()
		expect(mail!.subject).toContain('Alert:')
		expect(mail!.text).toContain(project.name)
		expect(mail!.text).toContain(`Progress: ${project.progress} → Contract awarded`)
		// One project row (its link), and the link to the whole search.
		expect(mail!.text!.match(/\/projects\//g)).toHaveLength(1)
		expect(mail!.text).toContain(`${PUBLIC_URL}${url}`)
		expect(mail!.html).toContain('width="700"')
		expect(mail!.html).not.toContain('<style')
		expect(headerOf(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
		expect(headerOf(mail!, 'list-unsubscribe')).toMatch(/^<http:\/\/localhost:3000\/alerts\/unsubscribe\?token=[^>]+>$/)
		expect(mail!.text).toContain('because you turned your saved search')
		// Sent: not due again until tomorrow.
		expect(await sendAlertDigest(sender, alertId)).toBe('not due')
	})

	test('a lapsed member’s alert sends the pause notice with renewal, and no project', async () => {
		const { userId, email } = await member({ endedDaysAgo: 3 })
		const { rows } = await database.db.execute<{ name: string }>(sql`select g.name from projects e join geographies g on g.id = e.country_id group by g.name order by count(*) desc offset 1 limit 1`)
		const alertId = await dailyAlert(userId, `/projecttracker?filters%5BCountries%5D=${encodeURIComponent(rows[0]!.name)}`)
		const project = await moveProgress(rows[0]!.name)

		expect(await sendAlertDigest(sender, alertId)).toBe('paused: lapsed')
		const mails = mailTo(email)
		expect(mails).toHaveLength(1)
		expect(mails[0]!.text).toContain(ALERT_MESSAGES.lapsedText)
		expect(mails[0]!.text).toContain(`${PUBLIC_URL}/memberships`)
		expect(mails[0]!.text).not.toContain(project.name)
		expect(mails[0]!.html).not.toContain(project.name)
		// Paused: the next days send nothing more.
		await database.db.execute(sql`update alerts set since = now() - interval '9 days' where id = ${alertId}`)
		expect(await sendAlertDigest(sender, alertId)).toBe('not due')
		expect(mailTo(email)).toHaveLength(1)
	})

	test('a companies alert reports the company updated, without the revenue an Executive member may not see', async () => {
		const { userId, email } = await member()
		const { rows } = await database.db.execute<{ id: number; name: string; slug: string; revenue: number }>(sql`
			select e.id, e.name, e.slug, e.water_revenue_dollars as revenue from companies e where e.show_as_page and e.water_revenue_dollars is not null order by e.id limit 1`)
		const company = rows[0]!
		const alertId = await dailyAlert(userId, `/companies?searchTerm=${encodeURIComponent(`"${company.name}"`)}`, 'companies')
		await database.db.execute(sql`update companies set last_modified_date = now() where id = ${company.id}`)

		expect(await sendAlertDigest(sender, alertId)).toBe('sent')
		const [mail] = mailTo(email)
		expect(mail!.text).toContain(company.name)
		expect(mail!.text).toContain(`${PUBLIC_URL}/companies/${company.slug}`)
		expect(mail!.text).toContain(ALERT_MESSAGES.updatedRow)
		expect(mail!.html).not.toContain('Revenue')
		expect(mail!.text).not.toContain(String(company.revenue))
	})

	test('an alert on an index the member may not use (utilities, for Executive) pauses with the notice, and no utility', async () => {
		const { userId, email } = await member()
		const { rows } = await database.db.execute<{ id: number; name: string }>(sql`select e.id, e.name from utilities e order by e.id limit 1`)
		const alertId = await dailyAlert(userId, `/utilities?searchTerm=${encodeURIComponent(`"${rows[0]!.name}"`)}`, 'utilities')
		await database.db.execute(sql`update utilities set last_modified_date = now() where id = ${rows[0]!.id}`)

		expect(await sendAlertDigest(sender, alertId)).toBe('paused: lapsed')
		const mails = mailTo(email)
		expect(mails).toHaveLength(1)
		expect(mails[0]!.text).toContain(ALERT_MESSAGES.lapsedText)
		expect(mails[0]!.text).not.toContain(rows[0]!.name)
		expect(mails[0]!.html).not.toContain('/utilities/')
	})

	test('a Strategist’s mergers alert reports the deal that changed', async () => {
		const { userId, email } = await member({ role: 'Strategy' })
		const { rows } = await database.db.execute<{ id: number; slug: string; target: string }>(sql`select e.id, e.slug, e.target_name as target from mergers e where e.deal_completed order by e.id limit 1`)
		const alertId = await dailyAlert(userId, `/mergers?searchTerm=${encodeURIComponent(`"${rows[0]!.target}"`)}`, 'mergers')
		await database.db.execute(sql`update mergers set description = coalesce(description, '') || ' Completed.' where id = ${rows[0]!.id}`)

		expect(await sendAlertDigest(sender, alertId)).toBe('sent')
		const [mail] = mailTo(email)
		expect(mail!.text).toContain(rows[0]!.target)
		expect(mail!.text).toContain(`${PUBLIC_URL}/mergers/${rows[0]!.slug}`)
	})

	test('one-click unsubscribe stops the next digest, and its link works once', async () => {
		const { userId, email } = await member()
		const { rows } = await database.db.execute<{ name: string }>(sql`select g.name from projects e join geographies g on g.id = e.country_id group by g.name order by count(*) desc offset 2 limit 1`)
		const alertId = await dailyAlert(userId, `/projecttracker?filters%5BCountries%5D=${encodeURIComponent(rows[0]!.name)}`)
		await moveProgress(rows[0]!.name)
		expect(await sendAlertDigest(sender, alertId)).toBe('sent')
		const link = new URL(headerOf(mailTo(email)[0]!, 'list-unsubscribe')!.slice(1, -1))
		expect(link.origin + link.pathname).toBe(`${PUBLIC_URL}/alerts/unsubscribe`)
		const token = link.searchParams.get('token')!
		// A forged token is refused.
		expect(await unsubscribe(database.db, `${token}x`, SECRET)).toBe(false)
		expect(await unsubscribe(database.db, token, SECRET)).toBe(true)
		expect(await unsubscribe(database.db, token, SECRET)).toBe(false)

		await database.db.execute(sql`update alerts set since = now() - interval '2 days' where id = ${alertId}`)
		await moveProgress(rows[0]!.name).catch(() => undefined)
		expect(await dueAlertIds(database.db)).not.toContain(alertId)
		expect(await sendAlertDigest(sender, alertId)).toBe('not due')
		expect(mailTo(email)).toHaveLength(1)
	})

	test('two schedulers on one database send one email', async () => {
		const { userId, email } = await member()
		const { rows } = await database.db.execute<{ name: string }>(sql`select g.name from projects e join geographies g on g.id = e.country_id group by g.name order by count(*) desc offset 3 limit 1`)
		await dailyAlert(userId, `/projecttracker?filters%5BCountries%5D=${encodeURIComponent(rows[0]!.name)}`)
		await moveProgress(rows[0]!.name)
		const options = { connectionString: database.url, db: database.db, mailer: sender.mailer, publicUrl: PUBLIC_URL, secret: SECRET, schedule: false, pollingIntervalSeconds: 0.5 }
		const first = await startAlertJobs(options)
		const second = await startAlertJobs(options)
		try {
			// Both hosts sweep at once, and both work the digest queue.
			await Promise.all([first.sweep(), second.sweep(), first.sweep(), second.sweep()])
			await expect.poll(() => mailTo(email).length, { timeout: 20_000 }).toBe(1)
			await expect.poll(async () => (await first.boss.getQueueSize('alert-digest')) + (await second.boss.getQueueSize('alert-digest')), { timeout: 20_000 }).toBe(0)
		} finally {
			await Promise.all([first.stop(), second.stop()])
		}
		expect(mailTo(email)).toHaveLength(1)
	})

	test('beside the site, a job queue whose database is away starts once it is back, and stops when asked', async () => {
		// The database is reached through a port nobody listens on yet.
		const port = await freePort()
		const target = new URL(database.url)
		const away = new URL(database.url)
		away.hostname = '127.0.0.1'
		away.port = String(port)
		const jobs = keepAlertJobsRunning({ connectionString: away.toString(), db: database.db, mailer: sender.mailer, publicUrl: PUBLIC_URL, secret: SECRET, schedule: false })
		const proxy = net.createServer((client) => {
			const upstream = net.connect(Number(target.port), target.hostname)
			client.pipe(upstream).pipe(client)
			client.on('error', () => upstream.destroy())
			upstream.on('error', () => client.destroy())
		})
		try {
			await new Promise((resolve) => setTimeout(resolve, 300))
			expect(jobs.running()).toBeUndefined()
			await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve))
			await expect.poll(() => jobs.running(), { timeout: 30_000, interval: 200 }).toBeDefined()
		} finally {
			await jobs.stop()
			proxy.close()
		}
	})

	test('beside the site, a job queue that never reaches its database stops at once when asked', async () => {
		const away = new URL(database.url)
		away.hostname = '127.0.0.1'
		away.port = String(await freePort())
		const jobs = keepAlertJobsRunning({ connectionString: away.toString(), db: database.db, mailer: sender.mailer, publicUrl: PUBLIC_URL, schedule: false })
		await new Promise((resolve) => setTimeout(resolve, 300))
		await jobs.stop()
		expect(jobs.running()).toBeUndefined()
	})
})
