/**
 * The one webhook path: a provider's "paid" event for an order activates its membership.
 * Applied in one transaction that first records the event (provider, event id): a webhook
 * delivered twice, or the sandbox's page submitted twice, finds the event recorded and
 * changes nothing; and the order moves from pending to paid only once, so a membership is
 * never activated twice even under two different events for the same order.
 */
import { sql } from 'drizzle-orm'
import { membershipPeriod } from '../../contract/commerce.ts'
import type { DatedRole } from '../../contract/membership.ts'
import type { Db } from '../db/client.ts'
import type { PaymentProviderName } from './provider.ts'

/** The role a paid Executive membership grants (spec 000 §6). */
export const PAID_MEMBERSHIP_ROLE = 'Executive'

export type PaymentEvent = { provider: PaymentProviderName; eventId: string; orderReference: string; paymentReference: string | null }
export type FulfilmentResult = 'activated' | 'duplicate-event' | 'already-paid' | 'unknown-order'

/**
 * A declined payment, marked on its order (status 'declined'): the buyer may try again, and
 * nothing is activated. A paid (or failed, cancelled) order is left as it is.
 */
export async function markDeclined(db: Db, orderReference: string): Promise<void> {
	await db.execute(sql`
		update orders set status = 'declined'
		where id = (select order_id from checkout_sessions where reference = ${orderReference}) and status in ('pending', 'declined')`)
}

export async function applyPaidEvent(db: Db, event: PaymentEvent, now = new Date()): Promise<FulfilmentResult> {
	return db.transaction(async (tx) => {
		const recorded = await tx.execute(sql`
			insert into payment_events (provider, event_id, order_reference) values (${event.provider}, ${event.eventId}, ${event.orderReference})
			on conflict do nothing returning event_id`)
		if (recorded.rows.length === 0) return 'duplicate-event'
		const { rows: sessions } = await tx.execute<{ order_id: number; user_id: number }>(
			sql`select order_id, user_id from checkout_sessions where reference = ${event.orderReference}`,
		)
		const session = sessions[0]
		if (!session) return 'unknown-order'
		const paid = await tx.execute<{ id: number }>(sql`
			update orders set status = 'paid', payment_reference = coalesce(${event.paymentReference}, payment_reference)
			where id = ${session.order_id} and status in ('pending', 'declined') returning id`)
		if (paid.rows.length === 0) return 'already-paid'
		// Lock the member's row: two orders paid at once extend one after the other.
		await tx.execute(sql`select id from users where id = ${session.user_id} for update`)
		const { rows: held } = await tx.execute<{ name: string; start_date: string | Date; end_date: string | Date }>(sql`
			select r.name, d.start_date, d.end_date from dated_roles d join roles r on r.id = d.role_id where d.user_id = ${session.user_id}`)
		const roles: DatedRole[] = held.map((row) => ({ name: row.name, startDate: new Date(row.start_date).toISOString(), endDate: new Date(row.end_date).toISOString() }))
		const { start, end } = membershipPeriod(roles, now)
		await tx.execute(sql`
			insert into dated_roles (user_id, role_id, start_date, end_date, is_renewable)
			select ${session.user_id}, id, ${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, true from roles where name = ${PAID_MEMBERSHIP_ROLE}`)
		// Renewed: sales' prompt to renew has done its work.
		await tx.execute(sql`update users set show_renewal_messaging = false where id = ${session.user_id}`)
		return 'activated'
	})
}
