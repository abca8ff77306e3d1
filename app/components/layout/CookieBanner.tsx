import { Form, Link } from '@remix-run/react'

/** Texts of the cookie consent banner (spec 000 §2; button labels verbatim). */
export const CONSENT_TEXT = {
	title: 'Cookies on this site',
	body: 'We use cookies that the site needs to work and to stay secure. With your consent we also use cookies for analytics, advertising and personalisation.',
	acceptAll: 'Accept all',
	rejectAll: 'Reject all',
	customise: 'Customise selection',
	save: 'Save selection',
	always: 'Functionality and security (always on)',
	categories: 'Choose which cookies to allow',
	policy: 'Cookie policy',
} as const

const CATEGORY_LABELS = { analytics: 'Analytics', advertising: 'Advertising', personalisation: 'Personalisation' } as const

type Selection = { analytics: boolean; advertising: boolean; personalisation: boolean }

/** The banner every visitor sees until they decide (a form post to /consent; no scripts needed). */
export function CookieBanner({ returnUrl }: { returnUrl: string }) {
	return (
		<section className="cookie-banner" aria-labelledby="cookie-banner-title">
			<div className="container">
				<h2 id="cookie-banner-title">{CONSENT_TEXT.title}</h2>
				<p>
					{CONSENT_TEXT.body} <Link to="/pages/cookiepolicy">{CONSENT_TEXT.policy}</Link>
				</p>
				<ConsentForms returnUrl={returnUrl} selection={null} />
			</div>
		</section>
	)
}

/**
 * Accept all / Reject all, and the customised selection in its own form (so Enter in a
 * checkbox never means "Accept all"). Used by the banner and the /consent page.
 */
export function ConsentForms({ returnUrl, selection, open = false }: { returnUrl: string; selection: Selection | null; open?: boolean }) {
	return (
		<div className="consent-forms">
			<Form method="post" action="/consent" className="consent-forms__quick">
				<input type="hidden" name="returnUrl" value={returnUrl} />
				<button type="submit" name="intent" value="accept-all" className="button">
					{CONSENT_TEXT.acceptAll}
				</button>
				<button type="submit" name="intent" value="reject-all" className="button button--outline">
					{CONSENT_TEXT.rejectAll}
				</button>
			</Form>
			<details className="consent-forms__custom" open={open}>
				<summary>{CONSENT_TEXT.customise}</summary>
				<Form method="post" action="/consent">
					<input type="hidden" name="returnUrl" value={returnUrl} />
					<fieldset>
						<legend className="visually-hidden">{CONSENT_TEXT.categories}</legend>
						<label>
							<input type="checkbox" checked disabled /> {CONSENT_TEXT.always}
						</label>
						{(Object.keys(CATEGORY_LABELS) as (keyof Selection)[]).map((category) => (
							<label key={category}>
								<input type="checkbox" name={category} defaultChecked={selection?.[category] ?? false} /> {CATEGORY_LABELS[category]}
							</label>
						))}
					</fieldset>
					<button type="submit" name="intent" value="customise" className="button">
						{CONSENT_TEXT.save}
					</button>
				</Form>
			</details>
		</div>
	)
}
