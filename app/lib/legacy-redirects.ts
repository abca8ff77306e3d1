/**
 * Legacy redirects (spec 002 §2): paths of the old site and where they live now, as ONE
 * table. The not-found route ($.tsx) consults it before answering 404 and sends a
 * permanent redirect (301); the company-id lookup (/companies/id/{id}) is here too.
 *
 * Safety: a destination is always a path on this site. Captured parts of a path are slugs
 * (letters, digits, - and _), so nothing a visitor types can turn a destination into
 * `//evil.com` or `/\evil.com`; `safeSitePath` checks every result once more.
 *
 * The spec shows examples, not the complete list; this table covers every example with
 * the variants old links are known to use. Our choices where the spec is silent:
 * - 'about' goes to /pages/about-us (the page's slug), the other page names to
 *   /pages/{slug} with privacy → privacypolicy, terms → terms, cookies → cookiepolicy.
 * - "The tariff survey goes to {token}": the token is not shown, so the survey's old paths
 *   go to its article type page, /article-types/tariff-survey.
 * - The request's query string is kept (tracking parameters, old paging), except where the
 *   destination has a query of its own (topic searches).
 */
import { COMPANY_ID_SEARCH_TERMS } from './company-id-terms.ts'

/** One row of the table. `from` matches the normalised path (lower case, no trailing slash). */
export type LegacyRedirect = {
	from: RegExp
	/** A site path; `$1`, `$2`... are the slugs `from` captured. */
	to: string
}

/** A captured slug: what our slugs are made of, never a slash, backslash or dot-dot. */
const SLUG = '([a-z0-9][a-z0-9_-]*)'
const YEAR = '\\d{4}'
const MONTH = '\\d{1,2}'

/** Spec 002 §2: "The user is sent to /search with filters[Page type]=/articles and searchTerm." */
export function articleSearchPath(searchTerm: string): string {
	const query = new URLSearchParams({ searchTerm, sortBy: 'Relevance', 'filters[Page type]': '/articles' })
	return `/search?${query}`
}

const path = (pattern: string) => new RegExp(`^${pattern}$`)
/** Several literal old paths to one destination. */
const paths = (list: string[], to: string): LegacyRedirect => ({ from: path(`(?:${list.join('|')})`), to })

export const LEGACY_REDIRECTS: readonly LegacyRedirect[] = [
	// Project tracker variants
	paths(['/project-tracker', '/projects-tracker', '/project_tracker', '/tracker', '/gwi-project-tracker', '/projects/tracker', '/project-tracker/.*', '/projecttracker/.+'], '/projecttracker'),
	// Archive variants
	paths(['/archive', '/archives', '/archive/.*', '/newsletter-archive', '/newsletters-archive', '/magazine-archive', '/gwi-archive', '/back-issues'], '/pages/archive'),
	// about, careers, contact, privacy, terms, cookies and methodology → /pages/{slug}
	paths(['/about', '/about-us', '/aboutus', '/about-gwi'], '/pages/about-us'),
	paths(['/careers', '/jobs', '/work-with-us'], '/pages/careers'),
	paths(['/contact', '/contact-us', '/contactus'], '/pages/contact'),
	paths(['/privacy', '/privacy-policy', '/privacypolicy'], '/pages/privacypolicy'),
	paths(['/terms', '/terms-and-conditions', '/terms-of-use', '/termsandconditions'], '/pages/terms'),
	paths(['/cookies', '/cookie-policy', '/cookiepolicy'], '/pages/cookiepolicy'),
	paths(['/methodology', '/our-methodology'], '/pages/methodology'),
	// Old article, news and sponsored-content paths → /articles/{slug}
	{ from: path(`/(?:article|news|sponsored-content|sponsored|news/article|articles/article)/${SLUG}`), to: '/articles/$1' },
	{ from: path(`/(?:articles|news|article)/${YEAR}/${MONTH}(?:/${MONTH})?/${SLUG}`), to: '/articles/$1' },
	{ from: path(`/${YEAR}/${MONTH}/${SLUG}`), to: '/articles/$1' },
	// Companies and authors; a numeric id is the old site's company id: the company-id lookup.
	{ from: path(`/(?:company|company-profile|companies/profile)/(\\d+)`), to: '/companies/id/$1' },
	{ from: path(`/(?:company|company-profile|companies/profile)/${SLUG}`), to: '/companies/$1' },
	{ from: path(`/(?:author|contributor|contributors|people|authors/profile)/${SLUG}`), to: '/authors/$1' },
	// Region paths → geographies xa (Middle East and Africa), xe (Asia), xb (Europe)
	paths(['/middle-east-africa', '/middle-east-and-africa', '/middle-east', '/africa', '/mea', '/regions?/middle-east(?:-and)?-africa', '/regions?/middle-east'], '/geographies/xa'),
	paths(['/asia', '/asia-pacific', '/apac', '/regions?/asia(?:-pacific)?'], '/geographies/xe'),
	paths(['/europe', '/regions?/europe'], '/geographies/xb'),
	paths(['/geographies/uk', '/geographies/united-kingdom'], '/geographies/gb'),
	// Membership
	paths(['/subscribe', '/subscribe/.*', '/subscription', '/subscriptions'], '/memberships'),
	// Old topic paths → site search with preset filters
	paths(['/desalination', '/desal'], articleSearchPath('desalination')),
	paths(['/water-reuse', '/reuse'], articleSearchPath('water reuse')),
	paths(['/smart-water', '/digital-water'], articleSearchPath('digital water')),
	paths(['/industrial-water'], articleSearchPath('industrial water')),
	paths(['/sludge', '/biosolids'], articleSearchPath('sludge')),
	paths(['/membranes'], articleSearchPath('membranes')),
	paths(['/leakage', '/non-revenue-water'], articleSearchPath('leakage')),
	// The tariff survey (see above)
	paths(['/tariff-survey', '/tariffsurvey', '/gwi-tariff-survey', '/tariffs'], '/article-types/tariff-survey'),
	// Home, news and products → /
	paths(['/home', '/index', '/index\\.html?', '/index\\.php', '/default\\.aspx', '/home\\.aspx', '/news', '/products', '/products/.*'], '/'),
]

/** Lower case, without trailing slashes; null for what no old link looks like. */
export function normaliseLegacyPath(pathname: string): string | null {
	let decoded: string
	try {
		decoded = decodeURIComponent(pathname)
	} catch {
		return null
	}
	if (!decoded.startsWith('/') || decoded.startsWith('//') || decoded.includes('\\')) return null
	const trimmed = decoded.replace(/\/+$/, '') || '/'
	return trimmed.toLowerCase()
}

/** Only paths of this site: `/x`, never `//host`, `/\host` or a scheme. */
export function safeSitePath(destination: string): string | null {
	if (!destination.startsWith('/') || destination.startsWith('//') || destination.includes('\\')) return null
	const probe = new URL(destination, 'http://site.invalid')
	return probe.origin === 'http://site.invalid' ? `${probe.pathname}${probe.search}` : null
}

/**
 * Where an old URL lives now, with its query kept when the destination has none; null
 * when the table has no entry (the caller answers 404).
 */
export function findLegacyRedirect(url: URL): string | null {
	const source = normaliseLegacyPath(url.pathname)
	if (!source) return null
	for (const { from, to } of LEGACY_REDIRECTS) {
		const match = from.exec(source)
		if (!match) continue
		const target = to.replace(/\$(\d)/g, (_, index: string) => match[Number(index)] ?? '')
		const destination = target.includes('?') || !url.search ? target : `${target}${url.search}`
		const safe = safeSitePath(destination)
		// A table row that pointed back at its own source would loop.
		if (!safe || new URL(safe, 'http://site.invalid').pathname === url.pathname) return null
		return safe
	}
	return null
}

/** Spec 002 §2: a numeric company id → /search for its mapped term; unknown or invalid ids → /. */
export function companyIdRedirect(id: string): string {
	if (!/^\d{1,9}$/.test(id)) return '/'
	const term = COMPANY_ID_SEARCH_TERMS.get(Number(id))
	return term ? articleSearchPath(term) : '/'
}
