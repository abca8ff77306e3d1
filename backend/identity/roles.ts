/**
 * Roles of spec 000 section 6 and the permissions each grants. The identity provider puts
 * the permissions of a user's current dated roles in the access token; the API trusts them.
 */
export const PERMISSIONS = {
	exportNewsletter: 'export:newsletter',
	editPageLayout: 'edit:page-layout',
	downloadProject: 'download:project',
	previewData: 'preview:data',
	readForecastData: 'read:forecast-data',
	readExecutive: 'read:executive',
	downloadExecutive: 'download:executive',
	readProject: 'read:project',
	readStrategy: 'read:strategy',
	readStrategyBeta: 'read:strategy-beta',
	readDesalBeta: 'read:desal-beta',
	editScreenView: 'edit:screen-view',
	unlockArticle: 'unlock:article',
	readTrial: 'read:executive-trial',
	/** Staff read the demo's mailbox (/mailbox): every email the demo site sent. */
	readMailbox: 'read:mailbox',
} as const
export type Permission = (typeof PERMISSIONS)[keyof typeof PERMISSIONS]

const P = PERMISSIONS
/**
 * Spec 002 §6: "Only the Executive Multi-office and Strategist plans list downloadable
 * project data. The plain Executive plan does not." So download:project (the tracker's
 * projects.xlsx) belongs to Executive Multi-office and the Strategy roles, not to Executive.
 */
const executive = [P.readExecutive, P.downloadExecutive, P.readProject]
const multiOffice = [...executive, P.downloadProject]
const strategy = [...multiOffice, P.readStrategy, P.readStrategyBeta, P.readForecastData, P.readDesalBeta]

export const DESALINATION_BETA_ROLE = 'Desalination beta'
/** The Executive Multi-office plan (spec 002 §1), arranged with sales: an Executive membership with project downloads. */
export const EXECUTIVE_MULTI_OFFICE_ROLE = 'Executive Multi-office'

/** Role names as the spec names them; trial roles carry the ' - Trial' suffix. */
export const ROLE_PERMISSIONS: Record<string, readonly string[]> = {
	'base account': [],
	'base Trial': [],
	'GSL base': [],
	Executive: executive,
	'Executive GSL': executive,
	// A trial reads newsletters and recent content and may unlock one Market Map.
	'Executive - Trial': [P.readTrial, P.readProject, P.unlockArticle],
	Strategy: strategy,
	'Strategy GSL': strategy,
	'Strategy for Staff': [...strategy, P.editScreenView, P.previewData, P.editPageLayout, P.exportNewsletter, P.readMailbox],
	// Spec 000 §1 "There is also a Desalination beta" (§6 read:desal-beta, badge Desal); our role name. Last, so the roles above keep their ids.
	// A beta of the desalination figures: read:forecast-data opens them (001 §6 canViewData), and the
	// forecast API opens each report type by its own page permission, so these members read, save and
	// download Desal alone; /data stays the Strategists' (read:strategy-beta).
	[DESALINATION_BETA_ROLE]: [P.readDesalBeta, P.readForecastData],
	// Appended after the Desalination beta, so every role above keeps its id.
	[EXECUTIVE_MULTI_OFFICE_ROLE]: multiOffice,
}

/** Permissions that mean something in the demo only: elsewhere no role grants them, so no menu offers what is not there. */
const DEMO_ONLY_PERMISSIONS: readonly string[] = [P.readMailbox]

/** A role's permissions in the site's mode (null: a role the code does not define). */
export function rolePermissions(name: string, mode: 'demo' | 'production'): string[] | null {
	const defined = ROLE_PERMISSIONS[name]
	if (!defined) return null
	return mode === 'demo' ? [...defined] : defined.filter((permission) => !DEMO_ONLY_PERMISSIONS.includes(permission))
}

export const TRIAL_ROLE_SUFFIX = ' - Trial'
export const isTrialRole = (name: string) => name.endsWith(TRIAL_ROLE_SUFFIX) || name.endsWith(' Trial')
