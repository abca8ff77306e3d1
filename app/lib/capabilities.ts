/**
 * What the reader may do, as flags the pages use (spec 000 §6). One place turns token
 * claims (permissions) into these; pages never test permission strings themselves.
 * Display only: the API checks the token on every call and decides access itself.
 */

/** Permission names of spec 000 §6, as the identity provider puts them in tokens. */
export const PERMISSION = {
	exportNewsletter: 'export:newsletter',
	editPageLayout: 'edit:page-layout',
	/** "download:project*": any permission with this prefix lets the reader download projects. */
	downloadProjectPrefix: 'download:project',
	previewData: 'preview:data',
	readForecastData: 'read:forecast-data',
	readExecutive: 'read:executive',
	readStrategy: 'read:strategy',
	readStrategyBeta: 'read:strategy-beta',
	readDesalBeta: 'read:desal-beta',
	editScreenView: 'edit:screen-view',
	unlockArticle: 'unlock:article',
	/** Staff read the demo's mailbox; only the demo's roles grant it. */
	readMailbox: 'read:mailbox',
} as const

/** The membership badges of spec 000 §6. */
export const BADGES = { executive: 'Executive', strategist: 'Strategist', desal: 'Desal' } as const
export type Badge = (typeof BADGES)[keyof typeof BADGES]

export type Capabilities = {
	isAuthenticated: boolean
	/** Signed in as an organisation by network address (/ip-login), not as a person. */
	isNetworkAddressUser: boolean
	hasStrategyAccess: boolean
	hasStrategyBetaAccess: boolean
	hasDesalBetaAccess: boolean
	canViewData: boolean
	canUseCompaniesIndex: boolean
	canUseMergersIndex: boolean
	canSeeCompanyFinancials: boolean
	canDownloadProjects: boolean
	/** Post to the opportunity exchange: full members, Executive or Strategist (docs/decisions/0018-index-access.md). */
	canPostOpportunities: boolean
	canExportNewsletter: boolean
	canEditPageLayout: boolean
	/** Preview unpublished data: strategy beta readers who hold preview:data (spec 000 §2 Profile page). */
	canPreviewData: boolean
	canChangeScreenView: boolean
	canUnlockArticles: boolean
	canReadMailbox: boolean
	badges: Badge[]
}

export type CapabilityInput = {
	/** Null for a visitor. */
	permissions: readonly string[] | null
	viaNetworkAddress?: boolean
}

export function capabilitiesFor({ permissions, viaNetworkAddress = false }: CapabilityInput): Capabilities {
	const isAuthenticated = permissions !== null
	const held = new Set(permissions ?? [])
	const has = (permission: string) => held.has(permission)
	const hasStrategyAccess = has(PERMISSION.readStrategy)
	const hasStrategyBetaAccess = has(PERMISSION.readStrategyBeta)
	const hasDesalBetaAccess = has(PERMISSION.readDesalBeta)
	const strategyOrBeta = hasStrategyAccess || hasStrategyBetaAccess
	const badges: Badge[] = []
	if (has(PERMISSION.readExecutive)) badges.push(BADGES.executive)
	if (strategyOrBeta) badges.push(BADGES.strategist)
	if (hasDesalBetaAccess) badges.push(BADGES.desal)
	return {
		isAuthenticated,
		isNetworkAddressUser: isAuthenticated && viaNetworkAddress,
		hasStrategyAccess,
		hasStrategyBetaAccess,
		hasDesalBetaAccess,
		canViewData: has(PERMISSION.readForecastData),
		canUseCompaniesIndex: has(PERMISSION.readExecutive) || strategyOrBeta,
		canUseMergersIndex: strategyOrBeta,
		canSeeCompanyFinancials: strategyOrBeta,
		canDownloadProjects: [...held].some((permission) => permission.startsWith(PERMISSION.downloadProjectPrefix)),
		canPostOpportunities: has(PERMISSION.readExecutive) || strategyOrBeta,
		canExportNewsletter: has(PERMISSION.exportNewsletter),
		// "Edit link shown to authenticated users" holding the permission.
		canEditPageLayout: isAuthenticated && has(PERMISSION.editPageLayout),
		canPreviewData: hasStrategyBetaAccess && has(PERMISSION.previewData),
		canChangeScreenView: has(PERMISSION.editScreenView),
		canUnlockArticles: has(PERMISSION.unlockArticle),
		canReadMailbox: has(PERMISSION.readMailbox),
		badges,
	}
}

/**
 * A visitor: every flag off. Marked pure: only the server reads it, and without the mark the
 * call kept capabilitiesFor and every permission name in the browser's entity pages.
 */
export const VISITOR_CAPABILITIES: Capabilities = /* @__PURE__ */ capabilitiesFor({ permissions: null })
