/**
 * The embedded provider's pages, as an Express router mounted at /oidc before the provider
 * itself: sign in, create a free account, forgotten password (link by email or, without
 * SMTP, in the server log) and the reset page the link opens. Plain forms posted back here;
 * only these routes parse form bodies, so the provider's own endpoints read theirs untouched.
 *
 * Every attempt is rate-limited per client address (rate-limit.ts, shared by all servers);
 * sign-in also per address and account, and a successful sign-in forgets its failures.
 */
import express, { type Request, type Response } from 'express'
import type Provider from 'oidc-provider'
import type { InteractionResults } from 'oidc-provider'
import { API_SCOPES, EMBEDDED_ISSUER_PATH, SIGNED_UP_AMR } from '../../contract/sign-in.ts'
import { isDatabaseUnavailable, type Db } from '../db/client.ts'
import { INPUT_MESSAGES } from '../../contract/request-input.ts'
import { accountName, createFreeAccount, isEmailAddress, MAX_EMAIL_LENGTH, verifyCredentials } from './accounts.ts'
import { escapeHtml, renderEmail } from '../mail/layout.ts'
import { createMailer, type Mailer } from './mailer.ts'
import {
	forgotPasswordPage,
	forgotPasswordSentPage,
	IDENTITY_TEXT,
	interactionPaths,
	messagePage,
	resetPasswordPage,
	signInPage,
	signUpPage,
	type PageShell,
	type ResetErrors,
	type SignUpErrors,
} from './pages.ts'
import { MAX_PASSWORD_LENGTH } from './password.ts'
import { checkPasswordPolicy } from './password-policy.ts'
import { completePasswordReset, createPasswordReset, isPasswordResetUsable } from './password-reset.ts'
import { consumeRateLimit, RATE_LIMITS, resetRateLimit, type RateLimit } from './rate-limit.ts'
import { API_AUDIENCE, SITE_ORIGIN } from './tokens.ts'
import { logger } from '../logger.ts'

/** Where these routes are mounted (links in the pages are absolute paths). */
export const IDENTITY_BASE_PATH = EMBEDDED_ISSUER_PATH
export const PASSWORD_RESET_PATH = `${IDENTITY_BASE_PATH}/password-reset`
/** The site's sign-in route: where "start again" and "sign in" lead. */
const SITE_LOGIN_PATH = '/login'
const MAX_NAME_LENGTH = 100

const OIDC_SCOPES = new Set(['openid', 'offline_access', 'profile', 'email'])

export type IdentityPagesOptions = {
	db: Db
	provider: Provider
	/** The site's stylesheets (from the Remix build), so these pages look like the site. */
	shell: () => Promise<PageShell>
	mailer?: Mailer
}

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>

/** A form field as text, cut to `max` characters (bodies are parsed with extended: false). */
const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '')
const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60))
/** Express's client address: believes X-Forwarded-For only from TRUST_PROXY's proxies (backend/http/forwarded.ts). */
const clientKey = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown'

export function identityPages({ db, provider, shell, mailer = createMailer() }: IdentityPagesOptions): express.Router {
	const router = express.Router()
	const form = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 20 })

	async function send(res: Response, rendered: { status: number; html: string }) {
		res.status(rendered.status).set('Cache-Control', 'no-store').type('html').send(rendered.html)
	}

	/** The interaction this request belongs to, or the "start again" page when it is gone. */
	async function interactionFor(req: Request, res: Response): Promise<Interaction | null> {
		try {
			const details = await provider.interactionDetails(req, res)
			if (details.uid === req.params.uid) return details
		} catch {
			// No interaction cookie, or the interaction expired: fall through.
		}
		await send(res, messagePage(await shell(), { title: IDENTITY_TEXT.expiredTitle, message: IDENTITY_TEXT.expired, link: { href: SITE_LOGIN_PATH, label: IDENTITY_TEXT.startAgain }, status: 400 }))
		return null
	}

	/** The site is our own client: what it asks for is granted without a consent screen. */
	async function grantFor(details: Interaction, accountId: string) {
		const clientId = String(details.params.client_id)
		let grant = details.grantId ? await provider.Grant.find(details.grantId) : undefined
		if (!grant || grant.accountId !== accountId || grant.clientId !== clientId) grant = new provider.Grant({ accountId, clientId })
		const requested = String(details.params.scope ?? '').split(' ')
		grant.addOIDCScope(requested.filter((scope) => OIDC_SCOPES.has(scope)).join(' '))
		grant.addResourceScope(API_AUDIENCE, API_SCOPES.filter((scope) => requested.includes(scope)).join(' '))
		return grant.save()
	}

	async function finish(req: Request, res: Response, result: InteractionResults) {
		await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false })
	}

	/** `amr` names how the reader authenticated; a new account says so (SIGNED_UP_AMR) so the site can land them on its registration confirmation. */
	async function signedIn(req: Request, res: Response, details: Interaction, accountId: string, amr?: string[]) {
		await finish(req, res, { login: { accountId, ...(amr ? { amr } : {}) }, consent: { grantId: await grantFor(details, accountId) } })
	}

	/** Counts an attempt; answers 429 with the page `render` gives when over the limit. */
	async function limited(res: Response, limit: RateLimit, key: string, render: (minutes: number) => Promise<{ status: number; html: string }>) {
		const { allowed, retryAfterSeconds } = await consumeRateLimit(db, limit, key)
		if (allowed) return false
		res.set('Retry-After', String(retryAfterSeconds))
		await send(res, { ...(await render(minutes(retryAfterSeconds))), status: 429 })
		return true
	}

	const route = (handler: (req: Request, res: Response) => Promise<void>) => (req: Request, res: Response) => {
		handler(req, res).catch(async (error: unknown) => {
			logger.error({ err: error }, `[identity] ${req.method} ${req.originalUrl.split('?')[0]} failed`)
			if (res.headersSent) return
			await send(res, messagePage(await shell(), { title: IDENTITY_TEXT.errorTitle, message: IDENTITY_TEXT.errorIntro, link: { href: '/', label: IDENTITY_TEXT.home }, status: isDatabaseUnavailable(error) ? 503 : 500 })).catch(() => res.end())
		})
	}

	/** A page of one sign-in: runs with its interaction and that interaction's links, or answers "start again". */
	const step = (handler: (req: Request, res: Response, details: Interaction, paths: ReturnType<typeof interactionPaths>) => Promise<void>) =>
		route(async (req, res) => {
			const details = await interactionFor(req, res)
			if (details) await handler(req, res, details, interactionPaths(IDENTITY_BASE_PATH, details.uid))
		})

	// ---------------------------------------------------------------- sign in

	router.get(
		'/interaction/:uid',
		step(async (req, res, details, paths) => {
			// Signed in already and only consent is asked: the site is ours, so grant it.
			if (details.prompt.name === 'consent' && details.session?.accountId) return signedIn(req, res, details, details.session.accountId)
			await send(res, signInPage(await shell(), { paths }))
		}),
	)

	router.post(
		'/interaction/:uid/login',
		form,
		step(async (req, res, details, paths) => {
			const email = text(req.body?.email, MAX_EMAIL_LENGTH).trim()
			const password = text(req.body?.password, MAX_PASSWORD_LENGTH + 1)
			const page = async (error: string, status: number) => signInPage(await shell(), { paths, email, error, status })
			if (!email || !password) return send(res, await page(IDENTITY_TEXT.missingCredentials, 400))

			const address = clientKey(req)
			const account = email.toLowerCase()
			const accountKey = `${address}|${account}`
			const tooMany = (m: number) => page(IDENTITY_TEXT.tooManySignIns(m), 429)
			if (await limited(res, RATE_LIMITS.signInAddress, address, tooMany)) return
			if (await limited(res, RATE_LIMITS.signIn, accountKey, tooMany)) return
			// However many addresses the guesses come from, one account takes only so many.
			if (await limited(res, RATE_LIMITS.signInAccount, account, tooMany)) return

			const signedInAccount = await verifyCredentials(db, email, password)
			if (!signedInAccount) return send(res, await page(IDENTITY_TEXT.wrongCredentials, 401))
			await resetRateLimit(db, RATE_LIMITS.signIn, accountKey)
			await resetRateLimit(db, RATE_LIMITS.signInAccount, account)
			await signedIn(req, res, details, signedInAccount.subject)
		}),
	)

	router.post(
		'/interaction/:uid/abort',
		step(async (req, res) => {
			await finish(req, res, { error: 'access_denied', error_description: 'The reader cancelled the sign-in' })
		}),
	)

	// ---------------------------------------------------------------- create a free account

	router.get(
		'/interaction/:uid/signup',
		step(async (_req, res, _details, paths) => {
			await send(res, signUpPage(await shell(), { paths }))
		}),
	)

	router.post(
		'/interaction/:uid/signup',
		form,
		step(async (req, res, details, paths) => {
			const values = {
				firstName: text(req.body?.firstName, MAX_NAME_LENGTH).trim(),
				lastName: text(req.body?.lastName, MAX_NAME_LENGTH).trim(),
				email: text(req.body?.email, MAX_EMAIL_LENGTH).trim(),
			}
			const password = text(req.body?.password, MAX_PASSWORD_LENGTH + 1)
			const confirmPassword = text(req.body?.confirmPassword, MAX_PASSWORD_LENGTH + 1)
			const page = async (status: number, errors: SignUpErrors = {}, error?: string) => signUpPage(await shell(), { paths, values, errors, error, status })

			const errors: SignUpErrors = newPasswordErrors(password, confirmPassword)
			if (!values.firstName) errors.firstName = IDENTITY_TEXT.firstNameRequired
			if (!values.lastName) errors.lastName = IDENTITY_TEXT.lastNameRequired
			if (!isEmailAddress(values.email)) errors.email = IDENTITY_TEXT.emailInvalid
			if (Object.keys(errors).length > 0) return send(res, await page(400, errors))

			if (await limited(res, RATE_LIMITS.signUp, clientKey(req), async (m) => page(429, {}, IDENTITY_TEXT.tooManySignUps(m)))) return
			const created = await createFreeAccount(db, { ...values, password })
			if (!created.ok) return send(res, await page(409, { email: IDENTITY_TEXT.accountExists }))
			await signedIn(req, res, details, created.account.subject, [SIGNED_UP_AMR])
		}),
	)

	// ---------------------------------------------------------------- forgotten password

	router.get(
		'/interaction/:uid/forgot',
		step(async (_req, res, _details, paths) => {
			await send(res, forgotPasswordPage(await shell(), { paths }))
		}),
	)

	router.post(
		'/interaction/:uid/forgot',
		form,
		step(async (req, res, _details, paths) => {
			const email = text(req.body?.email, MAX_EMAIL_LENGTH).trim()
			if (!isEmailAddress(email)) return send(res, forgotPasswordPage(await shell(), { paths, email, error: IDENTITY_TEXT.emailInvalid, status: 400 }))
			const tooMany = async (m: number) => forgotPasswordPage(await shell(), { paths, email, error: IDENTITY_TEXT.tooManyResets(m) })
			if (await limited(res, RATE_LIMITS.passwordReset, clientKey(req), tooMany)) return
			const reset = await createPasswordReset(db, email)
			if (reset) {
				const link = `${SITE_ORIGIN}${PASSWORD_RESET_PATH}?token=${encodeURIComponent(reset.token)}`
				// Whether the mail went out or not, the page says the same: it never tells who has an account.
				const body = IDENTITY_TEXT.resetEmail(accountName(reset.account), link)
				const parts = renderEmail({
					title: IDENTITY_TEXT.resetEmailSubject,
					bodyText: body,
					bodyHtml: body
						.trim()
						.split('\n\n')
						.map((paragraph) => (paragraph === link ? `<p><a class="button" href="${escapeHtml(link)}">Choose a new password</a></p>` : `<p>${escapeHtml(paragraph)}</p>`))
						.join(''),
					footer: IDENTITY_TEXT.resetEmailFooter,
				})
				await mailer.send({ to: reset.account.email, subject: IDENTITY_TEXT.resetEmailSubject, ...parts }).catch((error: unknown) => {
					logger.error({ err: error }, '[identity] password reset email failed')
				})
			}
			await send(res, forgotPasswordSentPage(await shell(), { paths, email }))
		}),
	)

	// The link from the email: works outside any sign-in (the interaction may be long gone).
	router.get(
		'/password-reset',
		route(async (req, res) => {
			const token = text(req.query.token, 200)
			res.set('Referrer-Policy', 'same-origin')
			if (!(await isPasswordResetUsable(db, token))) return send(res, invalidResetPage(await shell()))
			await send(res, resetPasswordPage(await shell(), { action: PASSWORD_RESET_PATH, token }))
		}),
	)

	router.post(
		'/password-reset',
		form,
		route(async (req, res) => {
			const token = text(req.body?.token, 200)
			const password = text(req.body?.password, MAX_PASSWORD_LENGTH + 1)
			const confirmPassword = text(req.body?.confirmPassword, MAX_PASSWORD_LENGTH + 1)
			res.set('Referrer-Policy', 'same-origin')
			const errors = newPasswordErrors(password, confirmPassword)
			if (Object.keys(errors).length > 0) {
				if (!(await isPasswordResetUsable(db, token))) return send(res, invalidResetPage(await shell()))
				return send(res, resetPasswordPage(await shell(), { action: PASSWORD_RESET_PATH, token, errors, status: 400 }))
			}
			const done = await completePasswordReset(db, token, password)
			if (!done.ok) return send(res, invalidResetPage(await shell()))
			await send(res, messagePage(await shell(), { title: IDENTITY_TEXT.resetDoneTitle, message: IDENTITY_TEXT.resetDone, link: { href: SITE_LOGIN_PATH, label: IDENTITY_TEXT.goToSignIn } }))
		}),
	)

	// A form the body parser refuses (over 16 KB, a charset other than UTF-8, too many fields)
	// is the sender's mistake: its own status (413, 415, 400) on our page, never a 500.
	router.use(async (error: unknown, req: Request, res: Response, next: express.NextFunction) => {
		const status = bodyErrorStatus(error)
		if (status === undefined || res.headersSent) return next(error)
		const details = status === 413 ? INPUT_MESSAGES.bodyTooLarge : status === 415 ? INPUT_MESSAGES.unsupportedBody : INPUT_MESSAGES.formRequired
		await send(res, messagePage(await shell(), { title: IDENTITY_TEXT.errorTitle, message: IDENTITY_TEXT.errorIntro, details, link: { href: SITE_LOGIN_PATH, label: IDENTITY_TEXT.startAgain }, status })).catch(() => res.end())
	})

	return router
}

/** The 4xx status of a body-parser error (they carry `status` and `expose`), or undefined for anything else. */
function bodyErrorStatus(error: unknown): number | undefined {
	if (typeof error !== 'object' || error === null) return undefined
	const { status, expose } = error as { status?: unknown; expose?: unknown }
	return typeof status === 'number' && status >= 400 && status < 500 && expose === true ? status : undefined
}

/** What is wrong with a new password and its confirmation: the policy first, then whether they match. */
function newPasswordErrors(password: string, confirmPassword: string): ResetErrors {
	if (password.length > MAX_PASSWORD_LENGTH) return { password: `Passwords must be at most ${MAX_PASSWORD_LENGTH} characters` }
	const policy = checkPasswordPolicy(password)
	if (!policy.ok) return { password: policy.message }
	return password === confirmPassword ? {} : { confirmPassword: IDENTITY_TEXT.passwordsDiffer }
}

function invalidResetPage(shell: PageShell) {
	return messagePage(shell, { title: IDENTITY_TEXT.resetInvalidTitle, message: IDENTITY_TEXT.resetInvalid, link: { href: SITE_LOGIN_PATH, label: IDENTITY_TEXT.goToSignIn }, status: 400 })
}

/** The provider's own error page (bad requests to /oidc/auth and the like), styled as ours. */
export function errorPageRenderer(shell: () => Promise<PageShell>) {
	return async (ctx: { type: string; body: unknown }, out: { error?: string; error_description?: string }) => {
		const description = out.error_description ?? out.error
		ctx.type = 'html'
		ctx.body = messagePage(await shell(), { title: IDENTITY_TEXT.errorTitle, message: IDENTITY_TEXT.errorIntro, details: description, link: { href: '/', label: IDENTITY_TEXT.home } }).html
	}
}
