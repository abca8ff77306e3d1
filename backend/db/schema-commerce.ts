/**
 * Checkout (spec 002 §4, §7 POST /checkout): one checkout session per submission of the
 * checkout form, keyed by that submission's idempotency key, so a form sent twice creates
 * one order and one payment; and the payment events already applied, so a webhook delivered
 * twice activates the membership once.
 */
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { orders, users } from './schema.ts'

export const checkoutSessions = pgTable(
	'checkout_sessions',
	{
		/** Unguessable public reference: the embedded payment page's address and the provider's metadata. */
		reference: text('reference').primaryKey(),
		orderId: integer('order_id')
			.notNull()
			.unique()
			.references(() => orders.id, { onDelete: 'cascade' }),
		userId: integer('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		/** The submission's key: the same key answers the same session. */
		idempotencyKey: text('idempotency_key').notNull(),
		provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
		/** The provider's id of the session (Stripe's cs_…), when it has one. */
		providerSessionId: text('provider_session_id'),
		/** Where the buyer pays. */
		url: text('url').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [index('checkout_sessions_user_idx').on(t.userId), uniqueIndex('checkout_sessions_key_idx').on(t.userId, t.idempotencyKey)],
)

/**
 * Each payment attempt on the embedded sandbox's page, one per submission of the page (its
 * idempotency key): a declined card is marked on the order and recorded here, and the same
 * submission arriving twice is answered from here instead of being tried again.
 */
export const paymentAttempts = pgTable(
	'payment_attempts',
	{
		reference: text('reference')
			.notNull()
			.references(() => checkoutSessions.reference, { onDelete: 'cascade' }),
		idempotencyKey: text('idempotency_key').notNull(),
		outcome: text('outcome', { enum: ['paid', 'declined'] }).notNull(),
		/** The card's last four digits, as a receipt would show them; never the whole number. */
		cardLast4: text('card_last4').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [primaryKey({ columns: [t.reference, t.idempotencyKey] })],
)

/** Payment events applied (webhooks): one row per provider event, inserted in the transaction that applies it. */
export const paymentEvents = pgTable(
	'payment_events',
	{
		provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
		eventId: text('event_id').notNull(),
		orderReference: text('order_reference'),
		processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [primaryKey({ columns: [t.provider, t.eventId] })],
)
