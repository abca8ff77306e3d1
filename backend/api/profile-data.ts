/**
 * Reads what GET /userprofile and PUT /userprofile/preferences answer with: the reader's
 * account row (or organisation), their dated roles and unlocked articles, shaped by the
 * pure membership rules of backend/identity/membership.ts.
 *
 * Who the reader is comes from the verified token:
 *   - a person with a users row (viewer.userId): that row, their own dated roles and
 *     their organisation's (as their token's permissions count them);
 *   - an organisation signed in by network address (sub `organisation|{reference}`, no
 *     users row): the organisation's roles and fields, emailAddress null;
 *   - anyone else the identity provider vouches for but we hold no row of (an external
 *     issuer's user): the token's own dated roles and email.
 */
import { sql } from 'drizzle-orm'
import type { MeteredAccessItem } from '../../contract/articles.ts'
import type { OrganisationRef, UserProfile } from '../../contract/identity.ts'
import type { Db } from '../db/client.ts'
import { buildUserProfile, type MembershipRole, type ProfileAccount } from '../identity/membership.ts'
import type { ViewerAccess } from './access.ts'
import type { Viewer } from './context.ts'

/** Subject prefix of tokens issued by /ip-login (backend/api/ip-login.ts). */
export const ORGANISATION_SUBJECT_PREFIX = 'organisation|'

type RoleRow = { name: string; start_date: string | Date; end_date: string | Date; is_renewable: boolean; user_id: number | null }
type OrganisationRow = { id: number; name: string; reference: string; parent_id: number | null; parent_name: string | null; parent_reference: string | null }

const toRole = (row: RoleRow, userId: number | null): MembershipRole => ({
	name: row.name,
	startDate: new Date(row.start_date),
	endDate: new Date(row.end_date),
	isRenewable: row.is_renewable,
	heldBy: userId !== null && row.user_id === userId ? 'user' : 'organisation',
})

const organisationRefs = (row: OrganisationRow) => ({
	organisation: { id: row.id, name: row.name, reference: row.reference } satisfies OrganisationRef,
	parent: row.parent_id === null ? null : ({ id: row.parent_id, name: row.parent_name!, reference: row.parent_reference! } satisfies OrganisationRef),
})

/** An organisation signed in by network address, by its reference (the person's is read with their row). */
async function loadOrganisation(db: Db, reference: string) {
	const { rows } = await db.execute<OrganisationRow>(sql`
		select o.id, o.name, o.reference, p.id as parent_id, p.name as parent_name, p.reference as parent_reference
		from organisations o left join organisations p on p.id = o.parent_id
		where o.reference = ${reference}`)
	const row = rows[0]
	return row ? organisationRefs(row) : null
}

/** An organisation's own dated roles: the rows loadOrganisationClaims puts in its token (claims.ts). */
async function loadOrganisationRoles(db: Db, organisationId: number): Promise<MembershipRole[]> {
	const { rows } = await db.execute<RoleRow>(sql`
		select r.name, d.start_date, d.end_date, d.is_renewable, d.user_id
		from dated_roles d join roles r on r.id = d.role_id
		where d.organisation_id = ${organisationId}
		order by d.start_date, r.name`)
	return rows.map((row) => toRole(row, null))
}

const ORGANISATION_DEFAULTS = {
	firstName: null,
	lastName: null,
	// Nothing for an organisation to complete or opt out of, and no one to prompt to renew.
	hasCompleteProfile: true,
	hasOptedOutOfUsageReport: false,
	showRenewalMessaging: false,
	strategyMenuEnabled: null,
	previewData: false,
} as const

export type UserRow = {
	subject: string
	email: string
	first_name: string | null
	last_name: string | null
	has_complete_profile: boolean
	has_opted_out_of_usage_report: boolean
	show_renewal_messaging: boolean
	strategy_menu_enabled: boolean | null
	preview_data: boolean
	organisation: OrganisationRow | null
	/** The rows loadUserClaims puts in the token (claims.ts): the person's and their organisation's, as JSON (timestamps as ISO strings). */
	roles: RoleRow[]
}

/**
 * A person's row (alias `u`), their organisation (and its parent) and every dated role they
 * hold, theirs and their organisation's, as the columns of a UserRow; read with
 * USER_PROFILE_JOINS. Also what the reader's own lookup reads for a page (auth.ts).
 */
export const USER_PROFILE_COLUMNS = sql`
	u.subject, u.email, u.first_name, u.last_name, u.has_complete_profile, u.has_opted_out_of_usage_report,
	u.show_renewal_messaging, u.strategy_menu_enabled, u.preview_data,
	case when o.id is null then null else json_build_object('id', o.id, 'name', o.name, 'reference', o.reference,
		'parent_id', p.id, 'parent_name', p.name, 'parent_reference', p.reference) end as organisation,
	coalesce((
		select json_agg(json_build_object('name', r.name, 'start_date', d.start_date, 'end_date', d.end_date, 'is_renewable', d.is_renewable, 'user_id', d.user_id) order by d.start_date, r.name)
		from dated_roles d join roles r on r.id = d.role_id
		where d.user_id = u.id or (u.organisation_id is not null and d.organisation_id = u.organisation_id)
	), '[]'::json) as roles`

export const USER_PROFILE_JOINS = sql`
	left join organisations o on o.id = u.organisation_id
	left join organisations p on p.id = o.parent_id`

/** One statement, since every signed-in page asks for it (unless the reader's lookup brought it). */
async function loadUser(db: Db, viewer: Viewer, userId: number): Promise<UserRow | undefined> {
	if (viewer.preloaded) return viewer.preloaded.user ?? undefined
	const { rows } = await db.execute<UserRow>(sql`select ${USER_PROFILE_COLUMNS} from users u ${USER_PROFILE_JOINS} where u.id = ${userId}`)
	return rows[0]
}

/** The reader's profile; every verified token describes someone. */
export async function loadUserProfile(db: Db, viewer: Viewer, access: ViewerAccess, now = new Date()): Promise<UserProfile> {
	if (viewer.userId !== null) {
		const [user, metered] = await Promise.all([loadUser(db, viewer, viewer.userId), access.meteredAccess()])
		if (user) {
			const organisation = user.organisation ? organisationRefs(user.organisation) : null
			const account: ProfileAccount = {
				subject: user.subject,
				emailAddress: user.email,
				firstName: user.first_name,
				lastName: user.last_name,
				organisation: organisation?.organisation ?? null,
				parentOrganisation: organisation?.parent ?? null,
				hasCompleteProfile: user.has_complete_profile,
				hasOptedOutOfUsageReport: user.has_opted_out_of_usage_report,
				showRenewalMessaging: user.show_renewal_messaging,
				strategyMenuEnabled: user.strategy_menu_enabled,
				previewData: user.preview_data,
			}
			return buildUserProfile(account, user.roles.map((row) => toRole(row, viewer.userId)), metered.items, now)
		}
	}

	if (viewer.sub.startsWith(ORGANISATION_SUBJECT_PREFIX)) {
		const found = await loadOrganisation(db, viewer.sub.slice(ORGANISATION_SUBJECT_PREFIX.length))
		if (found) {
			const roles = await loadOrganisationRoles(db, found.organisation.id)
			const account: ProfileAccount = {
				...ORGANISATION_DEFAULTS,
				subject: viewer.sub,
				emailAddress: null,
				organisation: found.organisation,
				parentOrganisation: found.parent,
			}
			return buildUserProfile(account, roles, [] satisfies MeteredAccessItem[], now)
		}
	}

	// No row of ours: describe the reader from what their token says.
	const roles: MembershipRole[] = viewer.datedRoles
		.map((role) => ({ name: role.RoleName, startDate: new Date(role.StartDate), endDate: new Date(role.EndDate), isRenewable: true, heldBy: 'user' as const }))
		.filter((role) => !Number.isNaN(role.startDate.getTime()) && !Number.isNaN(role.endDate.getTime()))
	const account: ProfileAccount = { ...ORGANISATION_DEFAULTS, subject: viewer.sub, emailAddress: viewer.email, organisation: null, parentOrganisation: null }
	return buildUserProfile(account, roles, [], now)
}
