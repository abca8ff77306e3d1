/**
 * Membership and commerce (spec 002 §1-§9): offers, trials, interest details,
 * checkout and payments, document downloads. Mounted at the root by backend/api/index.ts,
 * before the generic entities (whose `/{entity}` would take these paths).
 */
import { Hono } from 'hono'
import type { PaymentProvider } from '../../payments/provider.ts'
import type { ApiEnv, Resource } from '../context.ts'
import { aboutYouRoutes } from './about-you.ts'
import { checkoutRoutes } from './checkout.ts'
import { documentRoutes } from './documents.ts'
import { offerRoutes } from './offers.ts'
import { trialRoutes } from './trial.ts'

export const commerceResource =
	(paymentProvider?: PaymentProvider): Resource =>
	({ db }) =>
		new Hono<ApiEnv>().route('/', offerRoutes(db)).route('/', trialRoutes(db)).route('/', aboutYouRoutes(db)).route('/', checkoutRoutes(db, paymentProvider))
			.route('/', documentRoutes(db))

export const commerce: Resource = commerceResource()
