import { Form, useLocation, useNavigation } from '@remix-run/react'
import { NoAccessPanel } from '~/components/NoAccessPanel.tsx'
import type { ArticleAccessState } from './access-state.ts'
import { UNLOCK_MESSAGES } from '../../../contract/articles.ts'
import { ACCESS_ANCHOR, ARTICLE_TEXT } from './constants.ts'
import { GATED_SECTION_CLASS } from './structured-data.ts'

type Gated = Extract<ArticleAccessState, { status: 'gated' }>

/**
 * The inline no-access panel of a paywalled article (spec 000 §4, §6): the site's no-access
 * panel with a trial member's Market Map unlock. It stands where the members-only text would
 * be (the gated section of the structured data); that text is never sent to this reader.
 */
export function MembershipGate({ state }: { state: Gated }) {
	return (
		<NoAccessPanel message={state.message} gate={state} className={GATED_SECTION_CLASS}>
			{state.unlock === 'available' ? <UnlockForm /> : null}
		</NoAccessPanel>
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
