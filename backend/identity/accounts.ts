/**
 * The identity provider's user store: people sign in with an email address and a password
 * kept as a scrypt hash in `users`, and a new visitor creates a free (base) account.
 * Subjects (the token's `sub`, the profile's auth0Id) never change once given.
 */
import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { hashPassword, MAX_PASSWORD_LENGTH, verifyPassword } from './password.ts'

/** The role every account holds (spec 000 §6 "base account"). */
export const BASE_ACCOUNT_ROLE = 'base account'
/** Our choice: how long a free account's base role lasts (as the seed gives it): 20 years. */
export const BASE_ACCOUNT_YEARS = 20
/** Subjects of accounts created here; demo accounts use `demo|…`, organisations `organisation|…`. */
export const ACCOUNT_SUBJECT_PREFIX = 'gwi|'
export const MAX_EMAIL_LENGTH = 254

export type Account = { subject: string; email: string; firstName: string | null; lastName: string | null }

type AccountRow = { id: number; subject: string; email: string; first_name: string | null; last_name: string | null; password_hash: string | null }

const toAccount = (row: AccountRow): Account => ({ subject: row.subject, email: row.email, firstName: row.first_name, lastName: row.last_name })

export const accountName = (account: Pick<Account, 'firstName' | 'lastName'>) => [account.firstName, account.lastName].filter(Boolean).join(' ') || null

/** Email addresses compare without case and surrounding spaces. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase()

/** A plausible address: something@something.something, no spaces. The mailbox decides the rest. */
export const isEmailAddress = (email: string) => email.length <= MAX_EMAIL_LENGTH && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)

export async function findAccountBySubject(db: Db, subject: string): Promise<Account | null> {
	const { rows } = await db.execute<AccountRow>(sql`select id, subject, email, first_name, last_name, password_hash from users where subject = ${subject}`)
	return rows[0] ? toAccount(rows[0]) : null
}

/** The users row with this email address, compared without case. */
async function accountRowByEmail(db: Db, email: string): Promise<AccountRow | undefined> {
	const { rows } = await db.execute<AccountRow>(sql`select id, subject, email, first_name, last_name, password_hash from users where lower(email) = ${normaliseEmail(email)}`)
	return rows[0]
}

export async function findAccountByEmail(db: Db, email: string): Promise<(Account & { id: number }) | null> {
	const row = await accountRowByEmail(db, email)
	return row ? { id: row.id, ...toAccount(row) } : null
}

/** A hash of a password nobody has, verified when the email is unknown so both answers take as long. */
let decoyHash: Promise<string> | undefined

/** The account whose email and password these are, or null (unknown email, wrong password, no password set). */
export async function verifyCredentials(db: Db, email: string, password: string): Promise<Account | null> {
	if (password.length === 0 || password.length > MAX_PASSWORD_LENGTH) return null
	const row = await accountRowByEmail(db, email)
	if (!row?.password_hash) {
		decoyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'))
		await verifyPassword(password, await decoyHash)
		return null
	}
	return (await verifyPassword(password, row.password_hash)) ? toAccount(row) : null
}

export type NewAccount = { email: string; password: string; firstName: string; lastName: string }
export type CreateAccountResult = { ok: true; account: Account } | { ok: false; reason: 'exists' }

/**
 * A free account: the users row and its base-account dated role, in one transaction.
 * The profile is complete (we asked for the name); sales may change that later.
 */
export async function createFreeAccount(db: Db, input: NewAccount, now = new Date()): Promise<CreateAccountResult> {
	const email = input.email.trim()
	const subject = `${ACCOUNT_SUBJECT_PREFIX}${crypto.randomUUID()}`
	const passwordHash = await hashPassword(input.password)
	const end = new Date(now)
	end.setUTCFullYear(end.getUTCFullYear() + BASE_ACCOUNT_YEARS)
	return db.transaction(async (tx) => {
		const { rows } = await tx.execute<{ id: number }>(sql`
			insert into users (email, password_hash, first_name, last_name, subject, has_complete_profile)
			values (${email}, ${passwordHash}, ${input.firstName.trim()}, ${input.lastName.trim()}, ${subject}, true)
			on conflict do nothing
			returning id`)
		const id = rows[0]?.id
		if (id === undefined) return { ok: false, reason: 'exists' } as const
		await tx.execute(sql`
			insert into dated_roles (user_id, role_id, start_date, end_date, is_renewable)
			select ${id}, r.id, ${now}, ${end}, false from roles r where r.name = ${BASE_ACCOUNT_ROLE}`)
		return { ok: true, account: { subject, email, firstName: input.firstName.trim(), lastName: input.lastName.trim() } } as const
	})
}
