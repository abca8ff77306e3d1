/**
 * The newsletter rules both sides apply (contract/newsletters.ts, spec 002 §3, §5, §9).
 */
import { describe, expect, test } from 'vitest'
import { escapeHtml } from '../../contract/html.ts'
import {
	cutStandfirst,
	imageWidthPercent,
	MARKETING_FIRST_NAME_TOKEN,
	personalise,
	presentationVersionOf,
	projectGroups,
	themeColourOf,
	toMarketingToken,
	trackerQueryFor,
	unsupportedComponentMessage,
	type NewsletterProject,
} from '../../contract/newsletters.ts'

describe('newsletter rules', () => {
	test('standfirst: cut at 160 characters with an ellipsis, whole when it fits', () => {
		expect(cutStandfirst('a'.repeat(160))).toBe('a'.repeat(160))
		expect(cutStandfirst('a'.repeat(161))).toBe(`${'a'.repeat(160)}…`)
		expect(cutStandfirst(null)).toBe('')
	})

	test("'[First Name]': the reader's name, escaped; removed with its punctuation for visitors", () => {
		expect(personalise('<p>Dear [First Name],</p>', 'Ada', escapeHtml)).toBe('<p>Dear Ada,</p>')
		expect(personalise('<p>Dear [First Name],</p>', '<b>', escapeHtml)).toBe('<p>Dear &lt;b&gt;,</p>')
		expect(personalise('<p>Dear [First Name],</p><p>Hello</p>', null, escapeHtml)).toBe('<p>Dear,</p><p>Hello</p>')
		expect(personalise('<p>[First Name], here is what matters</p>', null, escapeHtml)).toBe('<p>Here is what matters</p>')
		expect(personalise('<p>Hello [First Name] and welcome</p>', '  ', escapeHtml)).toBe('<p>Hello and welcome</p>')
		expect(toMarketingToken('<p>Dear [First Name],</p>')).toBe(`<p>Dear ${MARKETING_FIRST_NAME_TOKEN},</p>`)
	})

	test('image sizes, theme colours, presentation versions, unknown types', () => {
		expect([imageWidthPercent('Small'), imageWidthPercent('Medium'), imageWidthPercent('Large')]).toEqual([33, 50, 100])
		expect(themeColourOf('Teal')).toBe('#00A390')
		expect(themeColourOf('Violet')).toBe('#CD3C7E')
		expect(themeColourOf('Plaid')).toBe('#2D62B2')
		expect(presentationVersionOf('V2')).toBe('V2')
		expect(presentationVersionOf('V1')).toBe('Legacy')
		expect(unsupportedComponentMessage('PollCard')).toBe('PollCard is not yet supported in newsletters')
	})

	test("projects: at most 5 per category, then 'View all' to the tracker filtered by it", () => {
		const project = (n: number, categories: string[]): NewsletterProject => ({ slug: `p${n}`, name: `P${n}`, country: null, categories, shortStatus: null, progress: 'Design stage', dateLastModified: '2026-01-01T00:00:00.000Z' })
		const projects = [...Array.from({ length: 7 }, (_, n) => project(n, ['Desal'])), project(9, ['WaterTransfer'])]
		const groups = projectGroups({ projects, categoryList: ['Desal', 'WaterTransfer'], projectCategory: 'Desal', resultCount: 40 })
		expect(groups.map((g) => [g.label, g.projects.length, g.viewAll])).toEqual([
			['Desal', 5, '/projecttracker?filters%5BProject+category%5D=Desal'],
			['Water transfer', 1, null],
		])
		expect(trackerQueryFor('WaterTransfer')).toBe('/projecttracker?filters%5BProject+category%5D=Water+transfer')
		const single = projectGroups({ projects: projects.slice(0, 3), categoryList: ['Desal'], projectCategory: 'Desal', resultCount: 3 })
		expect(single[0].viewAll).toBeNull()
		expect(projectGroups({ projects: projects.slice(0, 3), categoryList: ['Desal'], projectCategory: 'Desal', resultCount: 12 })[0].viewAll).not.toBeNull()
	})
})
