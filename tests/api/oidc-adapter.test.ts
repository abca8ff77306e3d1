/**
 * The identity provider's PostgreSQL storage (backend/identity/adapter.ts), on its own:
 * what oidc-provider stores it finds again, until it expires, is consumed or destroyed.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { createPostgresAdapter } from '../../backend/identity/adapter.ts'
import { revokeAccountGrants } from '../../backend/identity/revocation.ts'
import { useTestDatabase } from '../support/database.ts'

const database = useTestDatabase()
const adapter = (kind: string) => new (createPostgresAdapter(database.db))(kind)

describe('the oidc_models adapter', () => {
	test('upsert then find, per kind; a second upsert replaces the first', async () => {
		const codes = adapter('AuthorizationCode')
		await codes.upsert('code-1', { accountId: 'demo|free', grantId: 'grant-1', scope: 'openid' }, 60)
		expect(await codes.find('code-1')).toEqual({ accountId: 'demo|free', grantId: 'grant-1', scope: 'openid' })
		expect(await adapter('RefreshToken').find('code-1')).toBeUndefined()
		await codes.upsert('code-1', { accountId: 'demo|free', grantId: 'grant-1', scope: 'openid email' }, 60)
		expect(await codes.find('code-1')).toMatchObject({ scope: 'openid email' })
	})

	test('consume marks it consumed (how code replay is caught); destroy removes it', async () => {
		const codes = adapter('AuthorizationCode')
		await codes.upsert('code-2', { accountId: 'demo|free' }, 60)
		await codes.consume('code-2')
		const found = await codes.find('code-2')
		expect(found?.consumed).toBeGreaterThan(Date.now() / 1000 - 60)
		await codes.destroy('code-2')
		expect(await codes.find('code-2')).toBeUndefined()
	})

	test('an expired model is not found; one without expiry lives on', async () => {
		const sessions = adapter('Session')
		await sessions.upsert('s-old', { uid: 'uid-old', accountId: 'demo|trial' }, 1)
		await database.db.execute(sql`update oidc_models set expires_at = now() - interval '1 second' where id = 's-old'`)
		expect(await sessions.find('s-old')).toBeUndefined()
		expect(await sessions.findByUid('uid-old')).toBeUndefined()
		await sessions.upsert('s-new', { uid: 'uid-new', accountId: 'demo|trial' })
		expect(await sessions.findByUid('uid-new')).toMatchObject({ accountId: 'demo|trial' })
	})

	test('findByUserCode', async () => {
		await adapter('DeviceCode').upsert('dc-1', { userCode: 'ABCD-EFGH', accountId: 'x' }, 60)
		expect(await adapter('DeviceCode').findByUserCode('ABCD-EFGH')).toMatchObject({ accountId: 'x' })
	})

	test("revokeByGrantId removes that kind's tokens of the grant only", async () => {
		await adapter('RefreshToken').upsert('rt-1', { grantId: 'grant-9', accountId: 'a' }, 60)
		await adapter('RefreshToken').upsert('rt-2', { grantId: 'grant-8', accountId: 'a' }, 60)
		await adapter('AccessToken').upsert('at-1', { grantId: 'grant-9', accountId: 'a' }, 60)
		await adapter('RefreshToken').revokeByGrantId('grant-9')
		expect(await adapter('RefreshToken').find('rt-1')).toBeUndefined()
		expect(await adapter('RefreshToken').find('rt-2')).toBeDefined()
		expect(await adapter('AccessToken').find('at-1')).toBeDefined()
	})

	test("revokeAccountGrants ends an account's grants, tokens and sessions, and nobody else's", async () => {
		await adapter('Grant').upsert('g-mine', { accountId: 'demo|staff', clientId: 'c' }, 60)
		await adapter('RefreshToken').upsert('rt-mine', { grantId: 'g-mine', accountId: 'demo|staff' }, 60)
		await adapter('Session').upsert('s-mine', { uid: 'u-mine', accountId: 'demo|staff' }, 60)
		await adapter('Grant').upsert('g-theirs', { accountId: 'demo|executive', clientId: 'c' }, 60)
		await revokeAccountGrants(database.db, 'demo|staff')
		expect(await adapter('Grant').find('g-mine')).toBeUndefined()
		expect(await adapter('RefreshToken').find('rt-mine')).toBeUndefined()
		expect(await adapter('Session').find('s-mine')).toBeUndefined()
		expect(await adapter('Grant').find('g-theirs')).toBeDefined()
	})
})
