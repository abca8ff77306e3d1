/**
 * The identity provider's own pages (sign in, create a free account, forgotten password,
 * errors), rendered on the server as plain HTML forms: no scripts at all, so they work with
 * scripts disabled and under the site's Content-Security-Policy. They use the site's own
 * stylesheet and header, so they look like the rest of the site.
 */
import { PRODUCT_NAME, PRODUCT_SHORT_NAME, TITLE_SUFFIX } from '../../contract/constants.ts'
import { html, type Html } from './html.ts'
import { PASSWORD_POLICY_TEXT } from './password-policy.ts'
import { RESET_LINK_TTL_MINUTES } from './password-reset.ts'

/** Every word these pages say. Our wording: the spec shows none of these screens. */
export const IDENTITY_TEXT = {
	signInTitle: 'Sign in',
	signInIntro: `Sign in to your ${PRODUCT_NAME} account.`,
	signInButton: 'Sign in',
	email: 'Email address',
	password: 'Password',
	forgotLink: 'Forgotten your password?',
	signUpPrompt: 'New to Global Water Intelligence?',
	signUpLink: 'Create a free account',
	cancelLink: 'Cancel and return to the site',
	missingCredentials: 'Please enter your email address and password.',
	wrongCredentials: 'The email address or password is incorrect.',
	tooManySignIns: (minutes: number) => `Too many sign-in attempts. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`,

	signUpTitle: 'Create a free account',
	signUpIntro: 'A free account gives you our white papers and samples. You can become a member at any time.',
	firstName: 'First name',
	lastName: 'Last name',
	newPassword: 'Password',
	confirmPassword: 'Confirm password',
	signUpButton: 'Create account',
	haveAccount: 'Already have an account?',
	signInLink: 'Sign in',
	firstNameRequired: 'Please enter your first name',
	lastNameRequired: 'Please enter your last name',
	emailInvalid: 'Please enter a valid email address',
	passwordsDiffer: 'The passwords do not match',
	accountExists: 'An account with this email address already exists. Sign in, or reset your password if you have forgotten it.',
	tooManySignUps: (minutes: number) => `Too many accounts created from your network. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`,

	forgotTitle: 'Reset your password',
	forgotIntro: 'Enter the email address of your account and we will send you a link to choose a new password.',
	forgotButton: 'Send reset link',
	backToSignIn: 'Back to sign in',
	forgotSentTitle: 'Check your email',
	forgotSent: (email: string) =>
		`If an account exists for ${email}, we have sent it a link to choose a new password. The link works for ${RESET_LINK_TTL_MINUTES} minutes.`,
	tooManyResets: (minutes: number) => `Too many reset requests. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`,

	resetTitle: 'Choose a new password',
	resetButton: 'Set new password',
	resetInvalidTitle: 'This link has expired',
	resetInvalid: 'This password reset link has expired or has already been used. You can ask for a new one from the sign-in page.',
	resetDoneTitle: 'Your password has been changed',
	resetDone: 'Your password has been changed and any other sign-ins to your account have been ended. Please sign in with your new password.',
	goToSignIn: 'Sign in',

	expiredTitle: 'This sign-in page has expired',
	expired: 'Sign-in pages work for an hour. Please start again.',
	startAgain: 'Start again',
	errorTitle: 'Sorry, we could not sign you in',
	errorIntro: 'Something went wrong between the site and its sign-in service.',
	home: 'Return to the home page',

	resetEmailSubject: `Reset your ${PRODUCT_NAME} password`,
	resetEmailFooter: `You receive this email because someone asked to reset the password of your ${PRODUCT_NAME} account.`,
	resetEmail: (name: string | null, link: string) =>
		`${name ? `Hello ${name},` : 'Hello,'}\n\nSomeone (we hope you) asked to reset the password of your ${PRODUCT_NAME} account. Choose a new password here:\n\n${link}\n\nThe link works for ${RESET_LINK_TTL_MINUTES} minutes and only once. If you did not ask, ignore this email: your password stays as it is.\n`,
} as const

export type PageShell = { stylesheets: string[] }

/** The site's logo-only header (as on /join) around a centred card. */
export function page(shell: PageShell, { title, body, status = 200 }: { title: string; body: Html; status?: number }) {
	const markup = html`<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}${TITLE_SUFFIX}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${shell.stylesheets.map((href) => html`<link rel="stylesheet" href="${href}">`)}
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
<header class="site-header site-header--simple">
<div class="site-header__bar container">
<a href="/" class="logo" aria-label="${PRODUCT_NAME} home"><img src="/logo.svg" alt="" width="40" height="40"><span class="logo__text"><strong>${PRODUCT_SHORT_NAME}</strong><span>${PRODUCT_NAME}</span></span></a>
</div>
</header>
<main id="main" class="container identity-page">
<section class="identity-card" aria-labelledby="identity-title">
<h1 id="identity-title">${title}</h1>
${body}
</section>
</main>
</body>
</html>`
	return { status, html: markup.value }
}

type Field = { name: string; label: string; type: string; value?: string; autoComplete: string; error?: string; hint?: string }

function field({ name, label, type, value = '', autoComplete, error, hint: givenHint }: Field) {
	const id = `field-${name}`
	// An error that repeats the hint (the password policy) replaces it.
	const hint = givenHint === error ? undefined : givenHint
	const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ')
	return html`<div class="field">
<label for="${id}">${label}</label>
${hint ? html`<p class="form-hint" id="${id}-hint">${hint}</p>` : ''}
<input id="${id}" name="${name}" type="${type}" value="${type === 'password' ? '' : value}" autocomplete="${autoComplete}" required${error ? html` aria-invalid="true"` : ''}${described ? html` aria-describedby="${described}"` : ''}>
${error ? html`<p class="field__error" id="${id}-error">${error}</p>` : ''}
</div>`
}

const formError = (message: string | null | undefined) => (message ? html`<p class="form-error" role="alert">${message}</p>` : '')

/** Links of one interaction (they share the interaction cookie's path). */
export const interactionPaths = (base: string, uid: string) => {
	const root = `${base}/interaction/${encodeURIComponent(uid)}`
	return { signIn: root, login: `${root}/login`, signUp: `${root}/signup`, forgot: `${root}/forgot`, abort: `${root}/abort` }
}
type Paths = ReturnType<typeof interactionPaths>

export function signInPage(shell: PageShell, { paths, email = '', error, status }: { paths: Paths; email?: string; error?: string; status?: number }) {
	return page(shell, {
		title: IDENTITY_TEXT.signInTitle,
		status,
		body: html`<p>${IDENTITY_TEXT.signInIntro}</p>
${formError(error)}
<form method="post" action="${paths.login}" class="identity-form">
${field({ name: 'email', label: IDENTITY_TEXT.email, type: 'email', value: email, autoComplete: 'username' })}
${field({ name: 'password', label: IDENTITY_TEXT.password, type: 'password', autoComplete: 'current-password' })}
<button type="submit" class="button">${IDENTITY_TEXT.signInButton}</button>
</form>
<p><a href="${paths.forgot}">${IDENTITY_TEXT.forgotLink}</a></p>
<p class="identity-card__switch">${IDENTITY_TEXT.signUpPrompt} <a href="${paths.signUp}">${IDENTITY_TEXT.signUpLink}</a></p>
<form method="post" action="${paths.abort}" class="identity-card__cancel"><button type="submit" class="link-button">${IDENTITY_TEXT.cancelLink}</button></form>`,
	})
}

export type SignUpValues = { firstName: string; lastName: string; email: string }
export type SignUpErrors = Partial<Record<'firstName' | 'lastName' | 'email' | 'password' | 'confirmPassword', string>>

export function signUpPage(
	shell: PageShell,
	{ paths, values = { firstName: '', lastName: '', email: '' }, errors = {}, error, status }: { paths: Paths; values?: SignUpValues; errors?: SignUpErrors; error?: string; status?: number },
) {
	return page(shell, {
		title: IDENTITY_TEXT.signUpTitle,
		status,
		body: html`<p>${IDENTITY_TEXT.signUpIntro}</p>
${formError(error)}
<form method="post" action="${paths.signUp}" class="identity-form">
${field({ name: 'firstName', label: IDENTITY_TEXT.firstName, type: 'text', value: values.firstName, autoComplete: 'given-name', error: errors.firstName })}
${field({ name: 'lastName', label: IDENTITY_TEXT.lastName, type: 'text', value: values.lastName, autoComplete: 'family-name', error: errors.lastName })}
${field({ name: 'email', label: IDENTITY_TEXT.email, type: 'email', value: values.email, autoComplete: 'email', error: errors.email })}
${field({ name: 'password', label: IDENTITY_TEXT.newPassword, type: 'password', autoComplete: 'new-password', error: errors.password, hint: PASSWORD_POLICY_TEXT })}
${field({ name: 'confirmPassword', label: IDENTITY_TEXT.confirmPassword, type: 'password', autoComplete: 'new-password', error: errors.confirmPassword })}
<button type="submit" class="button">${IDENTITY_TEXT.signUpButton}</button>
</form>
<p class="identity-card__switch">${IDENTITY_TEXT.haveAccount} <a href="${paths.signIn}">${IDENTITY_TEXT.signInLink}</a></p>`,
	})
}

export function forgotPasswordPage(shell: PageShell, { paths, email = '', error, status }: { paths: Paths; email?: string; error?: string; status?: number }) {
	return page(shell, {
		title: IDENTITY_TEXT.forgotTitle,
		status,
		body: html`<p>${IDENTITY_TEXT.forgotIntro}</p>
${formError(error)}
<form method="post" action="${paths.forgot}" class="identity-form">
${field({ name: 'email', label: IDENTITY_TEXT.email, type: 'email', value: email, autoComplete: 'email' })}
<button type="submit" class="button">${IDENTITY_TEXT.forgotButton}</button>
</form>
<p><a href="${paths.signIn}">${IDENTITY_TEXT.backToSignIn}</a></p>`,
	})
}

export function forgotPasswordSentPage(shell: PageShell, { paths, email }: { paths: Paths; email: string }) {
	return page(shell, {
		title: IDENTITY_TEXT.forgotSentTitle,
		body: html`<p role="status">${IDENTITY_TEXT.forgotSent(email)}</p>
<p><a href="${paths.signIn}" class="button button--outline">${IDENTITY_TEXT.backToSignIn}</a></p>`,
	})
}

export type ResetErrors = Partial<Record<'password' | 'confirmPassword', string>>

export function resetPasswordPage(shell: PageShell, { action, token, errors = {}, status }: { action: string; token: string; errors?: ResetErrors; status?: number }) {
	return page(shell, {
		title: IDENTITY_TEXT.resetTitle,
		status,
		body: html`<form method="post" action="${action}" class="identity-form">
<input type="hidden" name="token" value="${token}">
${field({ name: 'password', label: IDENTITY_TEXT.newPassword, type: 'password', autoComplete: 'new-password', error: errors.password, hint: PASSWORD_POLICY_TEXT })}
${field({ name: 'confirmPassword', label: IDENTITY_TEXT.confirmPassword, type: 'password', autoComplete: 'new-password', error: errors.confirmPassword })}
<button type="submit" class="button">${IDENTITY_TEXT.resetButton}</button>
</form>`,
	})
}

/** A page that says one thing and offers one way on (expired links, finished resets, errors). */
export function messagePage(shell: PageShell, { title, message, link, status = 200, details }: { title: string; message: string; link: { href: string; label: string }; status?: number; details?: string }) {
	return page(shell, {
		title,
		status,
		body: html`<p>${message}</p>
${details ? html`<p class="form-hint">${details}</p>` : ''}
<p><a href="${link.href}" class="button">${link.label}</a></p>`,
	})
}
