import { Link, useLocation } from '@remix-run/react'
import { JOIN_TYPE, MESSAGES } from '~/lib/constants.ts'

/**
 * The no-access panel of restricted non-article content (spec 000 §2, §6): the message,
 * the membership gate (Join, Start free trial) and, for visitors, the login prompt.
 */
export function NoAccessPanel({ message = MESSAGES.noAccess, signedIn }: { message?: string; signedIn: boolean }) {
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
			{signedIn ? null : (
				<p className="paywall__login">
					{MESSAGES.alreadyHaveAccount} <Link to={`/login?returnUrl=${encodeURIComponent(pathname + search)}`}>Login</Link>
				</p>
			)}
		</section>
	)
}
