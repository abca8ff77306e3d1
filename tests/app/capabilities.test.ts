import { describe, expect, test } from 'vitest'
import { capabilitiesFor, VISITOR_CAPABILITIES } from '../../app/lib/capabilities.ts'
import { ROLE_PERMISSIONS } from '../../backend/identity/roles.ts'

describe('claims → capability flags (spec 000 §6)', () => {
	test('a visitor can do nothing', () => {
		expect(Object.entries(VISITOR_CAPABILITIES).filter(([, value]) => value === true)).toEqual([])
		expect(VISITOR_CAPABILITIES.badges).toEqual([])
	})

	test('a free account is authenticated and nothing more', () => {
		const flags = capabilitiesFor({ permissions: ROLE_PERMISSIONS['base account'] })
		expect(flags.isAuthenticated).toBe(true)
		expect(flags.isNetworkAddressUser).toBe(false)
		expect(flags.canUseCompaniesIndex).toBe(false)
		expect(flags.badges).toEqual([])
	})

	test('an Executive member: companies index, the Executive badge; no project downloads (spec 002 §6: Multi-office and Strategist only), no strategy', () => {
		const flags = capabilitiesFor({ permissions: ROLE_PERMISSIONS.Executive })
		expect(capabilitiesFor({ permissions: ROLE_PERMISSIONS['Executive Multi-office'] }).canDownloadProjects).toBe(true)
		expect(flags).toMatchObject({ canUseCompaniesIndex: true, canDownloadProjects: false, canUseMergersIndex: false, canSeeCompanyFinancials: false, hasStrategyAccess: false, canViewData: false })
		expect(flags.badges).toEqual(['Executive'])
	})

	test('a Strategy member: strategy, beta, desal, data, mergers, financials and three badges', () => {
		const flags = capabilitiesFor({ permissions: ROLE_PERMISSIONS.Strategy })
		expect(flags).toMatchObject({ hasStrategyAccess: true, hasStrategyBetaAccess: true, hasDesalBetaAccess: true, canViewData: true, canUseMergersIndex: true, canSeeCompanyFinancials: true, canChangeScreenView: false, canPreviewData: false })
		expect(flags.badges).toEqual(['Executive', 'Strategist', 'Desal'])
	})

	test('staff may change the view, preview data, edit layouts and export newsletters', () => {
		const flags = capabilitiesFor({ permissions: ROLE_PERMISSIONS['Strategy for Staff'] })
		expect(flags).toMatchObject({ canChangeScreenView: true, canPreviewData: true, canEditPageLayout: true, canExportNewsletter: true })
	})

	test('each permission maps to its own flag', () => {
		const only = (permission: string) => capabilitiesFor({ permissions: [permission] })
		expect(only('read:executive').canUseCompaniesIndex).toBe(true)
		expect(only('read:strategy-beta').canUseCompaniesIndex).toBe(true)
		expect(only('read:strategy-beta').canUseMergersIndex).toBe(true)
		expect(only('read:strategy-beta').hasStrategyAccess).toBe(false)
		expect(only('read:strategy').hasStrategyBetaAccess).toBe(false)
		expect(only('download:project-sample').canDownloadProjects).toBe(true)
		expect(only('download:executive').canDownloadProjects).toBe(false)
		expect(only('read:forecast-data').canViewData).toBe(true)
		// preview:data alone is not enough: the toggle is for strategy beta readers.
		expect(only('preview:data').canPreviewData).toBe(false)
		expect(capabilitiesFor({ permissions: ['preview:data', 'read:strategy-beta'] }).canPreviewData).toBe(true)
		expect(only('unlock:article').canUnlockArticles).toBe(true)
		expect(only('read:mailbox').canReadMailbox).toBe(true)
		expect(only('read:strategy').canReadMailbox).toBe(false)
		expect(only('read:desal-beta').badges).toEqual(['Desal'])
	})

	test('an organisation signed in by network address', () => {
		expect(capabilitiesFor({ permissions: [], viaNetworkAddress: true }).isNetworkAddressUser).toBe(true)
		expect(capabilitiesFor({ permissions: null, viaNetworkAddress: true }).isNetworkAddressUser).toBe(false)
	})
})
