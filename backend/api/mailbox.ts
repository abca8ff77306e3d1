/**
 * The demo's mailbox for staff (read:mailbox): GET /mailbox lists the emails the demo site
 * sent (newest first), GET /mailbox/:id opens one, POST /mailbox/send-alerts sends every
 * alert that is on now, so a demo can follow an alert without waiting for its day. Only in
 * the demo (backend/mode.ts): in production there is no mailbox, and every address is 404.
 */
import { Hono } from 'hono'
import { MAILBOX_MESSAGES, type MailboxSendResult } from '../../contract/mailbox.ts'
import { alertLinkOrigin } from '../alerts/jobs.ts'
import { activeAlertIds, computeDigests, sendAlertDigest } from '../alerts/send.ts'
import { backendEnv } from '../env.ts'
import { PERMISSIONS } from '../identity/roles.ts'
import { createMailer } from '../identity/mailer.ts'
import { listMessages, readMessage } from '../mail/mailbox.ts'
import { logger } from '../logger.ts'
import { siteMode } from '../mode.ts'
import type { ApiEnv, Resource } from './context.ts'
import { itemResponse } from './envelope.ts'
import { ApiError, forbidden, notFound, unauthorized } from './errors.ts'

export const mailboxResource: Resource = ({ db }) => {
	const app = new Hono<ApiEnv>()
	app.use('*', async (c, next) => {
		if (siteMode() !== 'demo') throw notFound('mailbox')
		const viewer = c.get('viewer')
		if (!viewer) throw unauthorized()
		if (!viewer.permissions.includes(PERMISSIONS.readMailbox)) throw forbidden()
		await next()
	})

	app.get('/', async (c) => c.json({ success: true, items: await listMessages(), errors: [], warnings: [] }))

	app.post('/send-alerts', async (c) => {
		// Made per call: the mailer reads where the demo's mail server listens (set at start).
		const sender = { db, mailer: createMailer(), publicUrl: alertLinkOrigin(backendEnv()) }
		const result: MailboxSendResult = { sent: 0, nothingNew: 0, paused: 0, failed: 0 }
		// Their digests computed together, as the scheduled jobs do; then sent one at a time, each under its own row's lock.
		const now = new Date()
		const ids = await activeAlertIds(db)
		const computed = await computeDigests(db, ids, now, { anyTime: true })
		for (const id of ids) {
			try {
				const outcome = await sendAlertDigest(sender, id, now, { anyTime: true, computed: computed.get(id) })
				if (outcome === 'sent') result.sent++
				else if (outcome === 'nothing new') result.nothingNew++
				else if (outcome === 'paused: lapsed') result.paused++
			} catch (error) {
				// One alert's failure (its send rolled back) does not stop the others.
				logger.error({ err: error }, `[alerts] alert ${id}: sending from the mailbox failed`)
				result.failed++
			}
		}
		return itemResponse(c, result)
	})

	app.get('/:id', async (c) => {
		const message = await readMessage(c.req.param('id'))
		if (!message) throw new ApiError(404, MAILBOX_MESSAGES.notFound)
		return itemResponse(c, message)
	})

	return app
}
