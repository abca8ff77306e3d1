/**
 * Where an analytics vendor's script goes once one is chosen. Rendered only when the
 * reader consented to analytics (spec 000 §4: "analytics scripts load only with consent"),
 * with the response's CSP nonce so it is allowed to run.
 */
export const ANALYTICS_HOOK_ID = 'analytics-hook'

export function AnalyticsHook({ nonce }: { nonce: string | undefined }) {
	return (
		<script
			id={ANALYTICS_HOOK_ID}
			nonce={nonce}
			// Browsers hide the nonce attribute after load; React must not "correct" it.
			suppressHydrationWarning
			// A constant of ours, not content: nothing to sanitise.
			dangerouslySetInnerHTML={{ __html: 'window.gwiAnalyticsConsent = true' }}
		/>
	)
}
