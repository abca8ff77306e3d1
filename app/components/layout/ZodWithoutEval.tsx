/**
 * zod compiles its object parsers with `new Function` unless told not to, and probes whether
 * it may as soon as a module builds an object schema. Under the site's Content-Security-Policy
 * (no 'unsafe-eval') that probe is a blocked eval the browser reports as a CSP issue
 * (Lighthouse Best Practices). zod reads its settings from `globalThis.__zod_globalConfig`;
 * this classic script sets them before any module script (deferred) runs. In the browser zod
 * parses a few form values: its interpreted parsers cost nothing noticeable.
 */
export function ZodWithoutEval({ nonce }: { nonce: string | undefined }) {
	return (
		<script
			nonce={nonce}
			// Browsers hide the nonce attribute after load; React must not "correct" it.
			suppressHydrationWarning
			// A constant of ours, not content: nothing to sanitise.
			dangerouslySetInnerHTML={{ __html: 'globalThis.__zod_globalConfig={jitless:true}' }}
		/>
	)
}
