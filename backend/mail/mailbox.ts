/**
 * The demo's mailbox: every email the site sends without SMTP_URL, kept as it would arrive
 * (a raw .eml file each, readable by the server's user only) in DATA_DIR/mail, so every
 * process of the host reads the same messages: the staff's mailbox page, the browser tests.
 * Files, not a table: the messages outlive a database reset and need no migration. Bounded:
 * the newest MAILBOX_LIMIT are kept, older ones deleted as new ones arrive.
 */
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { simpleParser, type AddressObject } from 'mailparser'
import type { MailboxEntry, MailboxMessage } from '../../contract/mailbox.ts'
import { DATA_DIR } from '../secrets.ts'

/** Where the messages are kept. */
export const MAILBOX_DIR = path.join(DATA_DIR, 'mail')
/** How many messages are kept: enough to follow a demo, small enough to list at once. */
export const MAILBOX_LIMIT = 200
/** A message's id is its file's name: the time it arrived, then a random part. */
const MESSAGE_ID = /^[0-9TZ-]+-[0-9a-f]{8}$/

export const isMessageId = (id: string) => MESSAGE_ID.test(id)

/** The last arrival time given out: two messages in the same millisecond still sort in the order they came. */
let lastArrival = 0

function arrivalTime(): string {
	lastArrival = Math.max(Date.now(), lastArrival + 1)
	return new Date(lastArrival).toISOString().replace(/[:.]/g, '-')
}

/** Keeps one raw message; returns where it was written. */
export async function keepMessage(raw: Buffer, dir = MAILBOX_DIR): Promise<string> {
	await fs.mkdir(dir, { recursive: true, mode: 0o700 })
	// Named by time first, so the folder lists them in the order they arrived; the random part keeps two processes' names apart.
	const file = path.join(dir, `${arrivalTime()}-${crypto.randomBytes(4).toString('hex')}.eml`)
	await fs.writeFile(file, raw, { mode: 0o600, flag: 'wx' })
	await prune(dir)
	return file
}

/** The messages' ids, newest first. */
async function messageIds(dir: string): Promise<string[]> {
	const files = await fs.readdir(dir).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)))
	return files
		.filter((file) => file.endsWith('.eml') && isMessageId(file.slice(0, -4)))
		.map((file) => file.slice(0, -4))
		.sort()
		.reverse()
}

async function prune(dir: string) {
	const old = (await messageIds(dir)).slice(MAILBOX_LIMIT)
	// Another process may have deleted the same file: that is as good.
	await Promise.all(old.map((id) => fs.rm(path.join(dir, `${id}.eml`), { force: true })))
}

const addresses = (to: AddressObject | AddressObject[] | undefined) => (to ? (Array.isArray(to) ? to : [to]).map((a) => a.text).join(', ') : '')

async function parse(id: string, dir: string): Promise<MailboxMessage | null> {
	const raw = await fs.readFile(path.join(dir, `${id}.eml`)).catch(() => null)
	if (!raw) return null
	const mail = await simpleParser(raw)
	return {
		id,
		to: addresses(mail.to),
		from: addresses(mail.from),
		subject: mail.subject ?? '',
		date: mail.date?.toISOString() ?? null,
		text: mail.text ?? '',
		html: typeof mail.html === 'string' ? mail.html : null,
	}
}

/** The kept messages, newest first. */
export async function listMessages(dir = MAILBOX_DIR): Promise<MailboxEntry[]> {
	const messages = await Promise.all((await messageIds(dir)).map((id) => parse(id, dir)))
	return messages.flatMap((message) => (message ? [{ id: message.id, to: message.to, subject: message.subject, date: message.date }] : []))
}

/** One message (null when there is no such message, or the id is not one of ours). */
export async function readMessage(id: string, dir = MAILBOX_DIR): Promise<MailboxMessage | null> {
	return isMessageId(id) ? parse(id, dir) : null
}
