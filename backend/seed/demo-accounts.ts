/** Demo sign-ins of the seeded site (README, tests and e2e use them). */

/** One shared password; meets the policy (uppercase, lowercase, number, symbol, 8+). */
export const DEMO_PASSWORD = 'Water-Demo-2026!'

export type DemoAccount = { key: string; email: string; password: string; description: string }

export const DEMO_ACCOUNTS: DemoAccount[] = [
	{ key: 'free', email: 'free@example.com', password: DEMO_PASSWORD, description: 'Free (base) account: white papers and samples only' },
	{ key: 'trial', email: 'trial@example.com', password: DEMO_PASSWORD, description: 'Executive - Trial with 5 days left (started 9 days ago); can unlock one Market Map' },
	{ key: 'executive', email: 'executive@example.com', password: DEMO_PASSWORD, description: 'Executive member (ends in about 18 months)' },
	{ key: 'executive-expiring', email: 'expiring@example.com', password: DEMO_PASSWORD, description: 'Executive member whose single Executive role ends in 45 days (pre-expiry banner)' },
	{ key: 'executive-expired', email: 'expired@example.com', password: DEMO_PASSWORD, description: 'Executive membership ended 10 days ago; renewal messaging on' },
	{ key: 'strategist', email: 'strategist@example.com', password: DEMO_PASSWORD, description: 'Strategy member: forecasts, companies, mergers and data pages' },
	{ key: 'staff', email: 'staff@example.com', password: DEMO_PASSWORD, description: 'Strategy for Staff: edit:page-layout, export:newsletter, preview:data, edit:screen-view' },
	{ key: 'incomplete-profile', email: 'incomplete@example.com', password: DEMO_PASSWORD, description: 'Executive member who has not completed their profile' },
	// Last, so the accounts above keep their ids. Its own unlock: the Market Map unlock can be
	// tried twice on one database (the browser tests unlock once with and once without scripts).
	{ key: 'trial2', email: 'trial2@example.com', password: DEMO_PASSWORD, description: 'A second Executive - Trial like trial@, with its own Market Map unlock' },
	// Appended (ids above unchanged): the states spec 000 §4 and 002 describe that none of the above is in.
	{ key: 'trial-halfway', email: 'trial-halfway@example.com', password: DEMO_PASSWORD, description: "Executive - Trial at exactly 7 days left (the 'halfway' message)" },
	{ key: 'trial-expired', email: 'trial-expired@example.com', password: DEMO_PASSWORD, description: 'Executive - Trial that ended 7 days ago (the trial-expired home dialog)' },
	{ key: 'multi-office', email: 'multi-office@example.com', password: DEMO_PASSWORD, description: 'Executive Multi-office member: the Executive Multi-office role, whose download:project permission downloads projects' },
	{ key: 'desal-beta', email: 'desal@example.com', password: DEMO_PASSWORD, description: 'Desalination beta member (read:desal-beta and read:forecast-data: the /desaldata page with its figures, chart and downloads, the Desal badge; not /data)' },
]

/**
 * Every demo account but one has this alert (backend/seed/alerts.ts): a saved tracker search
 * of desalination projects, sent daily, counted from a week before the seed.
 */
export const DEMO_ALERT = { name: 'Desalination projects', url: '/projecttracker?filters%5BProject%20category%5D=Desal', sinceDaysAgo: 7 } as const
/**
 * The Strategist's further alerts, one of each kind that sends site items: a site search, the
 * events and the opportunity exchange, each weekly. Each counts from far enough back that its
 * first digest has news: a week for articles and opportunities; events are listed a quarter
 * before they start (backend/seed/events.ts), so that alert was set up a season ago.
 */
export const DEMO_STRATEGIST_ALERTS = [
	{ kind: 'search', name: 'Desalination news', url: '/search?searchTerm=desalination&sortBy=Date', sinceDaysAgo: 7 },
	{ kind: 'events', name: 'Upcoming events', url: '/events', sinceDaysAgo: 120 },
	{ kind: 'opportunities', name: 'New opportunities', url: '/opportunityexchange', sinceDaysAgo: 7 },
] as const
/** The account with no saved search or alert: the tracker's "No filters saved" state. */
export const DEMO_ACCOUNT_WITHOUT_ALERT = 'multi-office'

/** The staff's demo draft: /articles/draft/{slug}?secret={secret} previews it (spec 000 §2). */
export const DEMO_DRAFT = { slug: 'demo-draft-preview', secret: 'demo-preview-3f9c1a7e2b' } as const

/** The demo draft document (a white paper): /documents/draft/{slug}?secret={secret} previews and downloads it. */
export const DEMO_DRAFT_DOCUMENT = { slug: 'draft-water-for-data-centres', secret: 'demo-document-8d41c2f6a9' } as const

export const DEMO_ORGANISATION = {
	name: 'Demo Water Authority',
	reference: 'ORG-DEMO-001',
	ipRange: '198.51.100.0/24',
	sampleIp: '198.51.100.23',
} as const

export function demoAccount(key: string): DemoAccount {
	const account = DEMO_ACCOUNTS.find((a) => a.key === key)
	if (!account) throw new Error(`unknown demo account ${key}`)
	return account
}
