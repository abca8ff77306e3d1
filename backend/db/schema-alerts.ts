/**
 * Tables of the alerts area, listed in drizzle.config.ts.
 */
import { bigserial, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { ALERT_FREQUENCIES, ALERT_PAUSE_REASONS, ALERT_TRACKED_FIELDS } from '../../contract/alerts.ts'
import { projects, savedSearches, users } from './schema.ts'

/** A saved search that emails its member what changed; at most one per saved search. */
export const alerts = pgTable(
	'alerts',
	{
		id: serial('id').primaryKey(),
		savedSearchId: integer('saved_search_id')
			.notNull()
			.unique()
			.references(() => savedSearches.id, { onDelete: 'cascade' }),
		userId: integer('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		frequency: text('frequency', { enum: ALERT_FREQUENCIES }).notNull(),
		/** Null while the alert is on. */
		pausedReason: text('paused_reason', { enum: ALERT_PAUSE_REASONS }),
		/** What changed after this is news for the next digest; moved on by each digest sent. */
		since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
		lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
		/** The secret half of the current unsubscribe link; cleared once the link is used (single use). */
		unsubscribeNonce: text('unsubscribe_nonce'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [index('alerts_due_idx').on(t.since), index('alerts_user_idx').on(t.userId)],
)

/**
 * What a project's tracked fields were before each change (written by triggers on projects
 * and project_costs), so a digest can say "Progress: Design stage → RFP issued" for whatever
 * changed since its last one, however the row was changed.
 */
export const projectChanges = pgTable(
	'project_changes',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		projectId: integer('project_id')
			.notNull()
			.references(() => projects.id, { onDelete: 'cascade' }),
		field: text('field', { enum: ALERT_TRACKED_FIELDS }).notNull(),
		oldValue: text('old_value'),
		newValue: text('new_value'),
		changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [index('project_changes_project_idx').on(t.projectId, t.changedAt)],
)
