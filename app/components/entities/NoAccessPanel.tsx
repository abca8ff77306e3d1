import { Link, useLocation } from '@remix-run/react'
import { JOIN_TYPE, MESSAGES } from '~/lib/constants.ts'
import { MEMBERSHIP_LINKS } from '~/lib/membership.ts'

/**
 * The no-access panel of restricted non-article content (spec 000 §2, §6): the message,
 * the membership gate (Join, Start free trial) and, for visitors, the login prompt; signed-in
 * readers get a request-access mail link instead, its subject chosen by the loader.
 */
export function NoAccessPanel({ message = MESSAGES.noAccess, requestAccessSubject }: { message?: string; requestAccessSubject: string | null }) {
	const { pathname, search } = useLocation()
	return (
		<section className="paywall no-access" aria-labelledby="no-access-title">
			<h2 id="no-access-title">{message}</h2>
			<div className="paywall__actions">
				<Link className="button" to={`/join?joinType=${JOIN_TYPE.membership}`}>
					Join
				</Link>
				<Link className="button button--outline" to={`/join?joinType=${JOIN_TYPE.trial}`}>
					Start free trial
				</Link>
			</div>
			{requestAccessSubject ? (
				<p className="paywall__login">
					<a href={`mailto:${MEMBERSHIP_LINKS.salesEmail}?subject=${encodeURIComponent(requestAccessSubject)}`}>Request access</a>
				</p>
			) : (
				<p className="paywall__login">
					{MESSAGES.alreadyHaveAccount} <Link to={`/login?returnUrl=${encodeURIComponent(pathname + search)}`}>Login</Link>
				</p>
			)}
		</section>
	)
}
