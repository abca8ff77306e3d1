/**
 * Who may use each index of spec 001 (full rows rather than the sample) and see its financial
 * figures: one rule for the index's pages, its downloads and the alerts sent from its searches.
 */
import { PERMISSIONS } from '../../identity/roles.ts'
import type { ViewerAccess } from '../access.ts'

/** Spec 001 §6 canUseCompaniesIndex: read:executive, read:strategy or read:strategy-beta. */
export const mayUseCompaniesIndex = (access: ViewerAccess) => access.has(PERMISSIONS.readExecutive) || access.isStrategist
/** Spec 001 §6: the utilities and mergers indexes are for Strategists (read:strategy, read:strategy-beta). */
export const mayUseStrategyIndexes = (access: ViewerAccess) => access.isStrategist
/** Spec 001 §6 canViewCompanyFinancialData: read:strategy or read:strategy-beta. */
export const mayViewFinancialData = (access: ViewerAccess) => access.isStrategist
