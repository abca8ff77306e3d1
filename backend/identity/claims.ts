/**
 * What an access token says about a user (spec 000 §3 "Token claims"): the permissions of
 * their current dated roles (their own and their organisation's) and every dated role.
 * The identity provider puts these in tokens; /ip-login signs them for organisations.
 */
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { accountName } from './accounts.ts'
import type { DatedRoleClaim } from './tokens.ts'

export type IdentityClaims = {
	sub: string
	email: string | null
	name: string | null
	permissions: string[]
	datedRoles: DatedRoleClaim[]
}

/** Raw queries through Drizzle hand timestamps back as PostgreSQL text, not Dates. */
type RoleRow = { role_name: string; permissions: string[]; start_date: Date | string; end_date: Date | string }

/** Roles current at `now` grant their permissions; past and future ones are only listed. */
export function claimsFromRoles(rows: RoleRow[], now: Date): Pick<IdentityClaims, 'permissions' | 'datedRoles'> {
	const permissions = new Set<string>()
	const dated = rows.map((row) => ({ ...row, start: new Date(row.start_date), end: new Date(row.end_date) }))
	for (const row of dated) if (row.start <= now && now < row.end) for (const permission of row.permissions) permissions.add(permission)
	return {
		permissions: [...permissions].sort(),
		datedRoles: dated.map((row) => ({ RoleName: row.role_name, StartDate: row.start.toISOString(), EndDate: row.end.toISOString() })),
	}
}

/** Claims of a user by id, or null when there is no such user. */
export async function loadUserClaims(db: Db, userId: number, now = new Date()): Promise<IdentityClaims | null> {
	const { rows: users } = await db.execute<{ subject: string; email: string; first_name: string | null; last_name: string | null; organisation_id: number | null }>(
		sql`select subject, email, first_name, last_name, organisation_id from users where id = ${userId}`,
	)
	const user = users[0]
	if (!user) return null
	const { rows } = await db.execute<RoleRow>(sql`
		select r.name as role_name, r.permissions, d.start_date, d.end_date
		from dated_roles d join roles r on r.id = d.role_id
		where d.user_id = ${userId} or (${user.organisation_id}::int is not null and d.organisation_id = ${user.organisation_id})
		order by d.start_date, r.name`)
	const name = accountName({ firstName: user.first_name, lastName: user.last_name })
	return { sub: user.subject, email: user.email, name, ...claimsFromRoles(rows, now) }
}

/** Claims of an organisation signed in by network address (no personal account). */
export async function loadOrganisationClaims(db: Db, organisationId: number, now = new Date()): Promise<IdentityClaims | null> {
	const { rows: organisations } = await db.execute<{ name: string; reference: string }>(sql`select name, reference from organisations where id = ${organisationId}`)
	const organisation = organisations[0]
	if (!organisation) return null
	const { rows } = await db.execute<RoleRow>(sql`
		select r.name as role_name, r.permissions, d.start_date, d.end_date
		from dated_roles d join roles r on r.id = d.role_id
		where d.organisation_id = ${organisationId}
		order by d.start_date, r.name`)
	return { sub: `organisation|${organisation.reference}`, email: null, name: organisation.name, ...claimsFromRoles(rows, now) }
}
