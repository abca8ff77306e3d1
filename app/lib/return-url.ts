/**
 * Open-redirect-proof return addresses. Only a path on this site is kept: absolute URLs,
 * protocol-relative `//host`, backslashes (browsers read `/\host` as `//host`) and control
 * characters fall back to the default.
 */
const PROBE_ORIGIN = 'http://same-origin.invalid'

export function safeReturnUrl(value: unknown, fallback = '/'): string {
	if (typeof value !== 'string' || value === '') return fallback
	if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback
	if (/[\u0000-\u001f\u007f]/.test(value)) return fallback
	try {
		const url = new URL(value, PROBE_ORIGIN)
		if (url.origin !== PROBE_ORIGIN) return fallback
		return `${url.pathname}${url.search}${url.hash}`
	} catch {
		return fallback
	}
}
