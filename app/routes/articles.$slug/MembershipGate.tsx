import { Form, Link, useLocation, useNavigation } from '@remix-run/react'
import { JOIN_TYPE, MESSAGES } from '~/lib/constants.ts'
import type { ArticleAccessState } from './access-state.ts'
import { ACCESS_ANCHOR, ARTICLE_TEXT, UNLOCK_MESSAGES } from './constants.ts'
import { GATED_SECTION_CLASS } from './structured-data.ts'

type Gated = Extract<ArticleAccessState, { status: 'gated' }>

/**
 * The inline no-access panel of a paywalled article (spec 000 §4, §6): the message, a
 * trial member's Market Map unlock, the membership gate (Join, Start free trial, Login)
 * and, for members, a request-access mail link. It stands where the members-only text
 * would be; that text is never sent to this reader.
 */
export function MembershipGate({ state }: { state: Gated }) {
	const { pathname, search } = useLocation()
	return (
		<section className={`paywall ${GATED_SECTION_CLASS}`} aria-labelledby="paywall-title">
			<h2 id="paywall-title">{state.message}</h2>
			{state.unlock === 'available' ? <UnlockForm /> : null}
			<div className="paywall__actions">
				<Link className="button" to={`/join?joinType=${JOIN_TYPE.membership}`}>
					Join
				</Link>
				{state.offerTrial ? (
					<Link className="button button--outline" to={`/join?joinType=${JOIN_TYPE.trial}`}>
						Start free trial
					</Link>
				) : null}
			</div>
			{state.signedIn ? null : (
				<p className="paywall__login">
					{MESSAGES.alreadyHaveAccount} <Link to={`/login?returnUrl=${encodeURIComponent(pathname + search)}`}>Login</Link>
				</p>
			)}
			{state.requestAccess ? (
				<p className="paywall__request">
					{ARTICLE_TEXT.requestAccessLead} <a href={state.requestAccess}>{ARTICLE_TEXT.requestAccess}</a>
				</p>
			) : null}
		</section>
	)
}

/** A form post to the route action; with scripts the button says it is working. */
function UnlockForm() {
	const { pathname } = useLocation()
	const navigation = useNavigation()
	const pending = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'unlock'
	// The answer shows where the button was (ArticleView's ACCESS_ANCHOR), also without scripts.
	return (
		<Form method="post" action={`${pathname}#${ACCESS_ANCHOR}`} className="paywall__unlock" preventScrollReset>
			<p>{ARTICLE_TEXT.unlockOffer}</p>
			<button type="submit" name="intent" value="unlock" className="button" disabled={pending}>
				{pending ? UNLOCK_MESSAGES.pending : ARTICLE_TEXT.unlockButton}
			</button>
		</Form>
	)
}
