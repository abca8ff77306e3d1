/**
 * What signed-in readers get from the page shell and their own pages, through the real
 * loaders and actions with a real session cookie over the test database.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { loader as rootLoader } from '../../app/root.tsx'
import { action as bannersAction } from '../../app/routes/banners.tsx'
import { loader as ipLoginLoader } from '../../app/routes/ip-login.tsx'
import { action as profileAction, loader as profileLoader } from '../../app/routes/profile/route.tsx'
import { PASSWORD_MESSAGES } from '../../contract/change-password.ts'
import { sessionStorage } from '../../app/lib/session.server.ts'
import { organisations, users } from '../../backend/db/schema.ts'
import { loadOrganisationClaims, loadUserClaims, type IdentityClaims } from '../../backend/identity/claims.ts'
import { issueAccessToken } from '../../backend/identity/tokens.ts'
import { DEMO_ORGANISATION, DEMO_PASSWORD } from '../../backend/seed/demo-accounts.ts'
import { useTestDatabase } from '../support/database.ts'
import { siteContext, SITE, thrown, unwrap } from '../support/site.ts'

const database = useTestDatabase()

const tokenFor = (claims: IdentityClaims) => issueAccessToken({ sub: claims.sub, email: claims.email, name: claims.name, permissions: claims.permissions, datedRoles: claims.datedRoles })

/** The `Cookie` header of a reader signed in as the demo user with this email. */
async function signedIn(email: string) {
	const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email))
	const claims = (await loadUserClaims(database.db, user.id))!
	const session = await sessionStorage().getSession()
	session.set('accessToken', await tokenFor(claims))
	return (await sessionStorage().commitSession(session)).split(';')[0]
}

/** Signed in as the demo organisation by network address (no email address). */
async function signedInByNetworkAddress() {
	const [organisation] = await database.db.select({ id: organisations.id }).from(organisations).where(eq(organisations.reference, DEMO_ORGANISATION.reference))
	const claims = (await loadOrganisationClaims(database.db, organisation.id))!
	const session = await sessionStorage().getSession()
	session.set('ipToken', await tokenFor(claims))
	session.set('ipUserName', DEMO_ORGANISATION.name)
	return (await sessionStorage().commitSession(session)).split(';')[0]
}

const get = (path: string, cookie?: string) => ({ request: new Request(`${SITE}${path}`, { headers: cookie ? { Cookie: cookie } : {} }), context: siteContext(database.db), params: {} })
const post = (path: string, body: Record<string, string>, cookie?: string) => {
	const form = new FormData()
	for (const [key, value] of Object.entries(body)) form.set(key, value)
	return { request: new Request(`${SITE}${path}`, { method: 'POST', body: form, headers: cookie ? { Cookie: cookie } : {} }), context: siteContext(database.db), params: {} }
}

describe('the page shell for signed-in readers', () => {
	test('the trial user sees the trial banner; the page is private and carries no token', async () => {
		const cookie = await signedIn('trial@example.com')
		const { data, headers } = unwrap<any>(await rootLoader(get('/articles', cookie)))
		expect(data.user.email).toBe('trial@example.com')
		expect(data.notices.banners.map((banner: any) => banner.id)).toEqual(['trial'])
		expect(data.notices.banners[0].message).toBe('Your free trial ends in 5 days.')
		expect(headers.get('Cache-Control')).toMatch(/^private/)
		expect(JSON.stringify(data)).not.toMatch(/eyJ[\w-]+\.[\w-]+\./)
		expect((data.menu as any).slug).toBe('main')
	})

	test('closing the trial banner is a form post that sets a flag and comes back', async () => {
		const cookie = await signedIn('trial@example.com')
		const { data } = unwrap<any>(await rootLoader(get('/', cookie)))
		const banner = data.notices.banners[0]
		const response = (await bannersAction(post('/banners', { notice: 'trial', key: banner.key, returnUrl: '/articles' }, cookie))) as Response
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/articles')
		const closedCookie = response.headers.get('Set-Cookie')!.split(';')[0]
		const after = unwrap<any>(await rootLoader(get('/', `${cookie}; ${closedCookie}`))).data
		expect(after.notices.banners).toEqual([])
		// Another reader on the same browser is not affected by this reader's flag.
		const other = await signedIn('expiring@example.com')
		expect(unwrap<any>(await rootLoader(get('/', `${other}; ${closedCookie}`))).data.notices.banners.map((b: any) => b.id)).toEqual(['membership-expiry'])
	})

	test('closing never redirects off-site', async () => {
		const cookie = await signedIn('trial@example.com')
		const response = (await bannersAction(post('/banners', { notice: 'trial', key: 'x', returnUrl: 'https://evil.example/' }, cookie))) as Response
		expect(response.headers.get('Location')).toBe('/')
	})

	test('strategist mode picks the strategy menu; executives get the main menu', async () => {
		const strategist = unwrap<any>(await rootLoader(get('/', await signedIn('strategist@example.com')))).data
		expect(strategist.strategistMode).toBe(true)
		expect((strategist.menu as any).slug).toBe('strategy')
		expect(strategist.capabilities.badges).toContain('Strategist')
		const executive = unwrap<any>(await rootLoader(get('/', await signedIn('executive@example.com')))).data
		expect(executive.strategistMode).toBe(false)
		expect((executive.menu as any).slug).toBe('main')
	})

	test('the header menu’s country picker lists regions xa..xe with their countries, for every reader', async () => {
		for (const cookie of [undefined, await signedIn('strategist@example.com')]) {
			const root = unwrap<any>(await rootLoader(get('/', cookie))).data
			const [countryPicker, menu] = [(root.countryPicker as any), (root.menu as any)]
			expect(countryPicker.map((group: any) => group.region.slug)).toEqual(['xa', 'xb', 'xc', 'xd', 'xe'])
			expect(countryPicker.find((group: any) => group.region.slug === 'xb').countries.map((country: any) => country.name)).toContain('Germany')
			// The list it closes: the menu's geography index (Markets), in the main and the strategy menu.
			expect(menu.menuItems.some((item: any) => item.menuItemType === 'PageLinkList' && item.link === '/geographies')).toBe(true)
		}
	})

	test('visitors see the cookie banner until they decide; analytics only with consent', async () => {
		const visitor = unwrap<any>(await rootLoader(get('/'))).data
		expect(visitor.consent).toEqual({ decided: false, analytics: false })
		expect(visitor.notices.banners).toEqual([])
	})
})

describe('/profile', () => {
	test('visitors are sent to sign in and back', async () => {
		const response = await thrown(profileLoader(get('/profile')))
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/login?returnUrl=%2Fprofile')
	})

	test('roles with days left, warning at 7 days or fewer; the strategy-menu toggle only for edit:screen-view', async () => {
		const trial = unwrap<any>(await profileLoader(get('/profile', await signedIn('trial@example.com')))).data
		const trialRole = trial.roles.find((role: any) => role.name === 'Executive - Trial')
		expect(trialRole).toMatchObject({ daysRemaining: 5, warning: true })
		// The base role has no end date (20 years off): no countdown, not "7299 days left".
		expect(trial.roles.find((role: any) => role.name === 'base account')).toEqual({ name: 'base account', lastDay: null, daysRemaining: null, warning: false })
		expect(trial.strategyMenu).toBeNull()
		const staff = unwrap<any>(await profileLoader(get('/profile', await signedIn('staff@example.com')))).data
		expect(typeof staff.strategyMenu).toBe('boolean')
	})

	const change = async (fields: Record<string, string>, cookie: Promise<string> = signedIn('free@example.com')) => {
		const result = unwrap<any>(await profileAction(post('/profile', { intent: 'change-password', ...fields }, await cookie)))
		return { status: result.status, reply: result.data.result, message: result.data.message }
	}

	test('all three fields are required; nothing is sent otherwise', async () => {
		const { status, reply } = await change({ oldPassword: '', newPassword: '', confirmPassword: '' })
		expect(status).toBe(400)
		expect(reply.error).toMatchObject({
			oldPassword: [PASSWORD_MESSAGES.oldPasswordRequired],
			newPassword: [PASSWORD_MESSAGES.newPasswordRequired],
			confirmPassword: [PASSWORD_MESSAGES.confirmPasswordRequired],
		})
	})

	test("'Old and new password must be different'", async () => {
		const { status, reply } = await change({ oldPassword: 'Same-Pass-1!', newPassword: 'Same-Pass-1!', confirmPassword: 'Same-Pass-1!' })
		expect(status).toBe(400)
		expect(reply.error.newPassword).toEqual(['Old and new password must be different'])
	})

	test("'New password and confirmed password must match'; passwords are not echoed back", async () => {
		const { status, reply } = await change({ oldPassword: 'Old-Pass-1!', newPassword: 'New-Pass-1!', confirmPassword: 'New-Pass-2!' })
		expect(status).toBe(400)
		expect(reply.error.confirmPassword).toEqual(['New password and confirmed password must match'])
		expect(JSON.stringify(reply)).not.toContain('Pass-1!')
	})

	test('a new password that breaks the policy: the policy beside the field (the API decides)', async () => {
		const { status, reply } = await change({ oldPassword: DEMO_PASSWORD, newPassword: 'weakweak', confirmPassword: 'weakweak' })
		expect(status).toBe(400)
		expect(reply.error.newPassword).toEqual([PASSWORD_MESSAGES.policy])
	})

	test("a wrong old password: 403 and the spec's message; the right one: 'Password successfully changed'", async () => {
		const cookie = signedIn('incomplete@example.com')
		const wrong = await change({ oldPassword: 'Not-The-One-1!', newPassword: 'Fresh-Water-2027!', confirmPassword: 'Fresh-Water-2027!' }, cookie)
		expect(wrong.status).toBe(403)
		expect(wrong.reply.error.oldPassword).toEqual([PASSWORD_MESSAGES.wrongOldPassword])
		const right = await change({ oldPassword: DEMO_PASSWORD, newPassword: 'Fresh-Water-2027!', confirmPassword: 'Fresh-Water-2027!' }, cookie)
		expect(right).toMatchObject({ status: 200, message: PASSWORD_MESSAGES.success })
	})

	test('no email address (signed in by network address): the spec message, nothing sent', async () => {
		const { status, reply } = await change({ oldPassword: 'Old-Pass-1!', newPassword: 'New-Pass-1!', confirmPassword: 'New-Pass-1!' }, signedInByNetworkAddress())
		expect(status).toBe(400)
		expect(reply.error['']).toEqual([PASSWORD_MESSAGES.missingEmail])
	})

	test('a visitor cannot post to the profile', async () => {
		const response = await thrown(profileAction(post('/profile', { intent: 'change-password' })))
		expect(response.status).toBe(302)
	})
})

describe('/ip-login', () => {
	test('a reader signed in through the identity provider goes straight to returnUrl', async () => {
		const response = (await ipLoginLoader(get('/ip-login?returnUrl=/articles', await signedIn('free@example.com')))) as Response
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/articles')
		expect(response.headers.get('Set-Cookie')).toBeNull()
	})

	test('an address no organisation owns: back to returnUrl silently, nothing stored', async () => {
		const response = (await ipLoginLoader(get('/ip-login?debugIPAddress=203.0.113.9&returnUrl=/search'))) as Response
		expect(response.headers.get('Location')).toBe('/search')
		expect(response.headers.get('Set-Cookie')).toBeNull()
	})

	test('returnUrl is same-origin only', async () => {
		for (const returnUrl of ['//evil.example/', 'https://evil.example/', '/\\evil.example']) {
			const response = (await ipLoginLoader(get(`/ip-login?debugIPAddress=203.0.113.9&returnUrl=${encodeURIComponent(returnUrl)}`))) as Response
			expect(response.headers.get('Location')).toBe('/')
		}
	})
})

describe("each demo account of the README sees what its state calls for (spec 000 §2, §4)", () => {
	type Expected = { banners: string[]; dialog?: string | null; menuMessage?: string | null; join: string | null; menu: 'main' | 'strategy'; badges: string[] }
	const ACCOUNTS: [email: string, expected: Expected][] = [
		['free@example.com', { banners: [], join: 'Join', menu: 'main', badges: [] }],
		['trial@example.com', { banners: ['trial'], join: 'Join', menu: 'main', badges: [] }],
		['executive@example.com', { banners: [], join: null, menu: 'main', badges: ['Executive'] }],
		['expiring@example.com', { banners: ['membership-expiry'], menuMessage: null, join: null, menu: 'main', badges: ['Executive'] }],
		['expired@example.com', { banners: [], dialog: 'membership-expired', join: 'Renew', menu: 'main', badges: [] }],
		['strategist@example.com', { banners: [], join: null, menu: 'strategy', badges: ['Executive', 'Strategist', 'Desal'] }],
		['staff@example.com', { banners: [], join: null, menu: 'strategy', badges: ['Executive', 'Strategist', 'Desal'] }],
		['incomplete@example.com', { banners: ['incomplete-profile'], join: null, menu: 'main', badges: ['Executive'] }],
	]

	test.each(ACCOUNTS)('%s', async (email, expected) => {
		const { data } = unwrap<any>(await rootLoader(get('/', await signedIn(email))))
		expect(data.user.email).toBe(email)
		expect(data.notices.banners.map((banner: any) => banner.id)).toEqual(expected.banners)
		expect(data.notices.dialog?.id ?? null).toBe(expected.dialog ?? null)
		if (expected.menuMessage !== undefined) expect(data.notices.menuMessage).toBe(expected.menuMessage)
		expect(data.joinLink?.label ?? null).toBe(expected.join)
		expect((data.menu as any).slug).toBe(expected.menu)
		expect(data.capabilities.badges).toEqual(expected.badges)
	})

	test('the organisation signed in by network address: its name, its membership, nothing to join', async () => {
		const { data } = unwrap<any>(await rootLoader(get('/', await signedInByNetworkAddress())))
		expect(data.user).toMatchObject({ name: DEMO_ORGANISATION.name, email: null, viaNetworkAddress: true })
		expect(data.capabilities).toMatchObject({ isNetworkAddressUser: true, badges: ['Executive'] })
		expect(data.joinLink).toBeNull()
		expect(data.notices.banners).toEqual([])
	})

	test('visitors are offered Join and Login', async () => {
		const { data } = unwrap<any>(await rootLoader(get('/')))
		expect(data.user).toBeNull()
		expect(data.joinLink).toEqual({ to: '/memberships', label: 'Join' })
	})
})

describe('/ip-login details and refreshing (spec 000 §4)', () => {
	const sessionOf = async (setCookie: string | null) => sessionStorage().getSession(setCookie?.split(';')[0] ?? null)

	test('an address in the demo range signs in as the organisation and keeps its name', async () => {
		const response = (await ipLoginLoader(get(`/ip-login?debugIPAddress=${DEMO_ORGANISATION.sampleIp}&returnUrl=/articles`))) as Response
		expect(response.headers.get('Location')).toBe('/articles')
		const session = await sessionOf(response.headers.get('Set-Cookie'))
		expect(session.get('ipUserName')).toBe(DEMO_ORGANISATION.name)
		expect(session.get('ipToken')).toMatch(/^eyJ/)
	})

	test('signed in by network address without the stored details: cleared once, then refreshing=true', async () => {
		const cookie = await signedInByNetworkAddress()
		const session = await sessionStorage().getSession(cookie)
		session.unset('ipUserName')
		const withoutName = (await sessionStorage().commitSession(session)).split(';')[0]
		const response = (await ipLoginLoader(get('/ip-login?returnUrl=/events', withoutName))) as Response
		expect(response.headers.get('Location')).toBe('/ip-login?returnUrl=%2Fevents&refreshing=true')
		expect((await sessionOf(response.headers.get('Set-Cookie'))).get('ipToken')).toBeUndefined()
	})

	test('refreshing from an address no organisation owns: the stale sign-in is forgotten, back to returnUrl', async () => {
		const response = (await ipLoginLoader(get('/ip-login?debugIPAddress=203.0.113.9&returnUrl=/events&refreshing=true', await signedInByNetworkAddress()))) as Response
		expect(response.headers.get('Location')).toBe('/events')
		const session = await sessionOf(response.headers.get('Set-Cookie'))
		expect(session.get('ipToken')).toBeUndefined()
		expect(session.get('ipUserName')).toBeUndefined()
	})

	test('an expired network-address token sends the reader through /ip-login again', async () => {
		const [organisation] = await database.db.select({ id: organisations.id }).from(organisations).where(eq(organisations.reference, DEMO_ORGANISATION.reference))
		const claims = (await loadOrganisationClaims(database.db, organisation.id))!
		const session = await sessionStorage().getSession()
		session.set('ipToken', await issueAccessToken({ ...claims, expiresIn: -60 }))
		session.set('ipUserName', DEMO_ORGANISATION.name)
		const cookie = (await sessionStorage().commitSession(session)).split(';')[0]
		const response = await thrown(rootLoader(get('/articles?page=2', cookie)))
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/ip-login?returnUrl=%2Farticles%3Fpage%3D2&refreshing=true')
		expect((await sessionOf(response.headers.get('Set-Cookie'))).get('ipToken')).toBeUndefined()
	})
})
