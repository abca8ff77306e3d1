/**
 * GET /userprofile (spec 000 §3 "User profile", §7): the signed-in reader's roles,
 * membership facts, organisation, preferences and unlocked articles. 401 'Unauthorized'
 * for anonymous requests.
 */
import { Hono } from 'hono'
import { requireViewer } from './auth.ts'
import type { ApiEnv, Resource } from './context.ts'
import { itemResponse } from './envelope.ts'
import { loadUserProfile } from './profile-data.ts'

export const userProfile: Resource = ({ db }) =>
	new Hono<ApiEnv>().get('/', async (c) => {
		const viewer = requireViewer(c)
		return itemResponse(c, await loadUserProfile(db, viewer, c.get('access')))
	})
