import { Link, useLocation } from '@remix-run/react'
import { useId, type ReactNode } from 'react'
import { JOIN_TYPE, MESSAGES } from '../../contract/constants.ts'
import { joinUrl } from '../../contract/commerce.ts'
import { RENEW_MEMBERSHIP } from '../../contract/membership.ts'
import { REQUEST_ACCESS_TEXT, type AccessGate } from '~/lib/no-access.ts'
import { loginUrl } from '~/lib/return-url.ts'
import { joinHref } from './membership/join-link.ts'

type Benefits = { lead: string; items: readonly string[] }

/**
 * The no-access panel of every page (spec 000 §2, §4, §6): the message chosen by slug, what a
 * membership would open (Strategist content, spec 001 §1), what the page adds (a trial
 * member's unlock), the membership gate (Join, Start free trial) and,
 * for visitors, the login prompt; signed-in readers get the request-access mail link instead.
 * Both are decided by the loader (app/lib/no-access.ts accessGate).
 */
export function NoAccessPanel({ message, gate, benefits, className, children }: { message: string; gate: AccessGate; benefits?: Benefits; className?: string; children?: ReactNode }) {
	const { pathname, search } = useLocation()
	// Spec 002 §2: join links carry the page the reader was on as returnPath.
	const here = pathname + search
	const titleId = useId()
	return (
		<section className={`paywall${className ? ` ${className}` : ''}`} aria-labelledby={titleId}>
			<h2 id={titleId}>{message}</h2>
			{benefits ? (
				<div className="paywall__benefits">
					<p>{benefits.lead}</p>
					<ul>
						{benefits.items.map((item) => (
							<li key={item}>{item}</li>
						))}
					</ul>
				</div>
			) : null}
			{children}
			<div className="paywall__actions">
				{gate.offerRenewal ? (
					<Link className="button" to={RENEW_MEMBERSHIP.to}>
						{RENEW_MEMBERSHIP.label}
					</Link>
				) : (
					<Link className="button" to={joinHref(joinUrl(JOIN_TYPE.membership, { returnPath: here }), gate.signedIn)}>
						Join
					</Link>
				)}
				{gate.offerTrial ? (
					<Link className="button button--outline" to={joinHref(joinUrl(JOIN_TYPE.trial, { returnPath: here }), gate.signedIn)}>
						Start free trial
					</Link>
				) : null}
			</div>
			{gate.signedIn ? null : (
				<p className="paywall__login">
					{MESSAGES.alreadyHaveAccount} <Link to={loginUrl(here)}>Login</Link>
				</p>
			)}
			{gate.requestAccess ? (
				<p className="paywall__request">
					{REQUEST_ACCESS_TEXT.lead} <a href={gate.requestAccess}>{REQUEST_ACCESS_TEXT.link}</a>
				</p>
			) : null}
		</section>
	)
}
