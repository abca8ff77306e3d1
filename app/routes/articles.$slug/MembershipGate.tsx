import { Link, useLocation } from '@remix-run/react'
import type { Article } from '~/lib/api-types.ts'
import { JOIN_TYPE, MESSAGES } from '~/lib/constants.ts'
import { GATED_SECTION_CLASS } from './structured-data.ts'

/**
 * The inline no-access panel of a paywalled article (spec 000 §4, §6). It stands where the
 * members-only text would be; that text is never sent to this reader.
 */
export function MembershipGate({ article, signedIn }: { article: Article; signedIn: boolean }) {
	const { pathname } = useLocation()
	const message = article.isOutsideTrialDatesRange ? MESSAGES.notInTrial : MESSAGES.articleExclusive
	return (
		<section className={`paywall ${GATED_SECTION_CLASS}`} aria-labelledby="paywall-title">
			<h2 id="paywall-title">{message}</h2>
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
					{MESSAGES.alreadyHaveAccount} <Link to={`/login?returnUrl=${encodeURIComponent(pathname)}`}>Login</Link>
				</p>
			)}
		</section>
	)
}
