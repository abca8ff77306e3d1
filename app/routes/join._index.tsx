/**
 * /join (spec 002 §2, §4 "Membership confirmation"): signed-in readers only (visitors go to
 * /). After a paid or trial join, the reader's token is refreshed on the server once, with
 * the permission the join should bring (expectedPermissions / expectedTrialPermissions), so
 * the next page already reads as a member. When the identity provider has not caught up,
 * the page shows 'Activating your membership...' and reloads itself after the spec's 5000 ms
 * pause (an HTTP Refresh header: no scripts needed). On a refresh error the tokens are
 * cleared, keeping the email and user name. Then the welcome text and, for joins, the
 * preferences form (POST /about-you).
 */
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useNavigate } from '@remix-run/react'
import { useEffect } from 'react'
import type { z } from 'zod'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { StartTrialForm } from '~/components/commerce/MembershipSections.tsx'
import { PREFERENCES_INTENT, PreferencesForm, useLeaveWarning } from '~/components/commerce/PreferencesForm.tsx'
import { commerceLinks } from '~/components/commerce/styles.ts'
import { ApiError, createApiClient } from '~/lib/api.server.ts'
import { requireReader } from '~/lib/guards.server.ts'
import { CACHE_CONTROL, reuseLoaderHeaders } from '~/lib/http.server.ts'
import { loginUrl, safeReturnUrl } from '~/lib/return-url.ts'
import { refreshSessionPermissions } from '~/lib/session-refresh.server.ts'
import { InterestDetailsSchema } from '../../contract/interest-details.ts'
import { JOIN_EXPECTED_PERMISSIONS, JOIN_MESSAGES, JoinQuerySchema, MAX_REFRESH_WAITS, PREFERENCES_MESSAGES, REFRESH_PAUSE_MS, TRIAL_BENEFITS } from '../../contract/commerce.ts'
import { JOIN_TYPE, TITLE_SUFFIX } from '../../contract/constants.ts'
import { parseUrlParams } from '../../contract/query.ts'
import { log } from '../lib/log.ts'
import { readForm } from '~/lib/form.server.ts'

export const meta: MetaFunction = () => [{ title: `Welcome${TITLE_SUFFIX}` }, { name: 'robots', content: 'noindex' }]
export const links = commerceLinks

/** The loader's Refresh header (the waiting page's reload without scripts) goes out with the page. */
export const headers: HeadersFunction = (args) => {
	const headers = new Headers(reuseLoaderHeaders(args))
	const refresh = args.loaderHeaders.get('Refresh')
	if (refresh) headers.set('Refresh', refresh)
	return headers
}

/** A member's or a trial's permissions: such a reader has more than the free account /join welcomes. */
const MEMBER_PERMISSIONS = [...JOIN_EXPECTED_PERMISSIONS.membership, ...JOIN_EXPECTED_PERMISSIONS.trial]

type State = 'welcome' | 'waiting' | 'failed' | 'start-trial'

/** The same address with some parameters changed. */
function withParams(request: Request, changes: Record<string, string | null>) {
	const url = new URL(request.url)
	for (const [name, value] of Object.entries(changes)) {
		if (value === null) url.searchParams.delete(name)
		else url.searchParams.set(name, value)
	}
	return `${url.pathname}${url.search}`
}

export async function loader({ request, context }: LoaderFunctionArgs) {
	const user = await requireReader({ request, context }, { visitorsTo: '/' })
	const query = parseUrlParams(JoinQuerySchema, new URL(request.url).searchParams)
	const headers = new Headers({ 'Cache-Control': CACHE_CONTROL.privatePage })
	const joined = query.joinType === JOIN_TYPE.membership || query.joinType === JOIN_TYPE.trial
	// The registration welcome ('Your free account is ready') is a free account's: a member who
	// opens /join (the footer's Join) is shown their membership instead.
	if (!joined && MEMBER_PERMISSIONS.some((permission) => user.permissions.includes(permission))) throw redirect('/memberships')
	let state: State = 'welcome'
	if (joined && !query.isRefreshed) {
		const wantsTrial = query.joinType === JOIN_TYPE.trial
		const alreadyHas = (wantsTrial ? JOIN_EXPECTED_PERMISSIONS.trial : JOIN_EXPECTED_PERMISSIONS.membership).every((permission) => user.permissions.includes(permission))
		// Arrived from a membership gate (or the footer's trial link) without having joined: offer
		// the trial here, or the offers this reader has (the memberships page says why a trial is not one).
		if (!alreadyHas && (query.attempt ?? 0) === 0) {
			const offers = (await createApiClient({ request, context }).get('memberships.offers')).item
			if (wantsTrial && offers?.trial) return data({ ...page(query, user.name, 'start-trial'), next: null }, { headers })
			if (wantsTrial && offers && !offers.hasActiveTrial) throw redirect('/memberships#free-trial')
			if (!wantsTrial && offers && !offers.isExecutive && !offers.hasRecentOrder) throw redirect('/memberships#plans')
		}
		const expected = query.joinType === JOIN_TYPE.trial ? { expectedTrialPermissions: [...JOIN_EXPECTED_PERMISSIONS.trial] } : { expectedPermissions: [...JOIN_EXPECTED_PERMISSIONS.membership] }
		const wanted = expected.expectedPermissions ?? expected.expectedTrialPermissions ?? []
		const refreshed = wanted.every((permission) => user.permissions.includes(permission)) ? { ok: true, hasExpectedPermissions: true } : await refreshSessionPermissions({ request, context }, expected)
		if (!refreshed.ok) state = 'failed'
		else if (refreshed.hasExpectedPermissions || (query.attempt ?? 0) >= MAX_REFRESH_WAITS) throw redirect(withParams(request, { isRefreshed: 'true', attempt: null }), { headers })
		else {
			state = 'waiting'
			const next = withParams(request, { attempt: String((query.attempt ?? 0) + 1) })
			headers.set('Refresh', `${REFRESH_PAUSE_MS / 1000}; url=${next}`)
		}
	}
	return data({ ...page(query, user.name, state), next: state === 'waiting' ? withParams(request, { attempt: String((query.attempt ?? 0) + 1) }) : null }, { headers })
}

function page(query: z.output<typeof JoinQuerySchema>, name: string, state: State) {
	return {
		state,
		joinType: query.joinType,
		isRenewal: query.isRenewal ?? false,
		hasRecordedInterests: query.hasRecordedInterests ?? false,
		returnPath: safeReturnUrl(query.returnPath ?? '/'),
		name,
	}
}

export async function action({ request, context }: ActionFunctionArgs) {
	await requireReader({ request, context }, { visitorsTo: '/' })
	const formData = await readForm(request)
	if (formData.get('intent') !== PREFERENCES_INTENT) return data({ result: null, submitted: false }, { status: 400 })
	const submission = parseWithZod(formData, { schema: InterestDetailsSchema })
	if (submission.status !== 'success') return data({ result: submission.reply(), submitted: false }, { status: 400 })
	try {
		await createApiClient({ request, context }).post('aboutYou.record', { body: submission.value })
	} catch (error) {
		log.error({ err: error }, '[join] interest details not saved')
		return data({ result: submission.reply({ formErrors: [PREFERENCES_MESSAGES.submitFailed] }), submitted: false }, { status: error instanceof ApiError && error.status < 500 ? error.status : 502 })
	}
	return data({ result: null, submitted: true })
}

export default function JoinPage() {
	const page = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigate = useNavigate()
	const waiting = page.state === 'waiting'
	// With scripts, the same pause, then the next attempt (a client navigation skips the Refresh header).
	useEffect(() => {
		if (!waiting || !page.next) return
		const timer = window.setTimeout(() => navigate(page.next!, { replace: true }), REFRESH_PAUSE_MS)
		return () => window.clearTimeout(timer)
	}, [waiting, page.next, navigate])
	useLeaveWarning(waiting, JOIN_MESSAGES.leaveWhileRefreshing)

	if (page.state === 'failed') {
		return (
			<article className="join-page">
				<h1>{JOIN_MESSAGES.membershipTitle}</h1>
				<p role="alert">{JOIN_MESSAGES.refreshFailed}</p>
				<Link className="button" to={loginUrl(page.returnPath)}>
					Login
				</Link>
			</article>
		)
	}
	if (page.state === 'start-trial') {
		return (
			<article className="join-page">
				<h1>{JOIN_MESSAGES.startTrialTitle}</h1>
				<ul>
					{TRIAL_BENEFITS.map((benefit) => (
						<li key={benefit}>{benefit}</li>
					))}
				</ul>
				<StartTrialForm returnPath={page.returnPath} />
			</article>
		)
	}
	if (waiting) {
		return (
			<article className="join-page" aria-busy="true">
				<p role="status">{page.isRenewal ? JOIN_MESSAGES.renewing : JOIN_MESSAGES.activating}</p>
			</article>
		)
	}
	const [title, text] =
		page.joinType === JOIN_TYPE.trial
			? [JOIN_MESSAGES.trialTitle, JOIN_MESSAGES.trial]
			: page.joinType === JOIN_TYPE.membership
				? page.isRenewal
					? [JOIN_MESSAGES.renewalTitle, JOIN_MESSAGES.renewal]
					: [JOIN_MESSAGES.membershipTitle, JOIN_MESSAGES.membership]
				: [JOIN_MESSAGES.registrationTitle, JOIN_MESSAGES.registration]
	const showsForm = page.joinType !== 'none'
	const getStarted = (
		<p>
			<Link className="button" to={page.returnPath}>
				{JOIN_MESSAGES.getStarted}
			</Link>
		</p>
	)
	return (
		<article className="join-page">
			<h1>{title}</h1>
			<p>{text}</p>
			{!showsForm ? getStarted : page.hasRecordedInterests ? getStarted : actionData?.submitted ? (
				<>
					<p role="status">{JOIN_MESSAGES.thankYou}</p>
					{getStarted}
				</>
			) : (
				<PreferencesForm lastResult={actionData?.result} />
			)}
		</article>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
