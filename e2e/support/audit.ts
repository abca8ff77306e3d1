/**
 * The checks of the page audit, each over one loaded page: axe-core (WCAG 2.1 AA
 * and best practices, colour contrast included), html-validate's standard preset on the
 * HTML the server sent, and the JSON-LD blocks against what search engines require of
 * their schema.org types. Each returns its findings as readable lines (none: the page passes).
 */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { HtmlValidate } from 'html-validate'

/** axe-core's rule sets for WCAG 2.1 A and AA, and its best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

export async function axeFindings(page: Page): Promise<string[]> {
	// Violations only: axe then skips serialising every passing node, most of its time on a long page.
	const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(AXE_TAGS).analyze()
	return violations.flatMap((violation) =>
		violation.nodes.map((node) => `axe ${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1, 2).join('').trim() ?? violation.help}`),
	)
}

const htmlValidate = new HtmlValidate({ extends: ['html-validate:standard'] })

export async function htmlFindings(html: string): Promise<string[]> {
	const report = await htmlValidate.validateString(html)
	return report.results.flatMap((result) => result.messages.filter((message) => message.severity === 2).map((message) => `html-validate ${message.ruleId} at ${message.line}:${message.column}: ${message.message} [${message.selector ?? ''}]`))
}

type JsonObject = Record<string, unknown>

/** The JSON-LD blocks of an HTML document, parsed (a block that does not parse is a finding). */
export function jsonLdBlocks(html: string): { blocks: JsonObject[]; findings: string[] } {
	const blocks: JsonObject[] = []
	const findings: string[] = []
	for (const [, text] of html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)) {
		try {
			const parsed = JSON.parse(text!) as JsonObject | JsonObject[]
			blocks.push(...(Array.isArray(parsed) ? parsed : [parsed]))
		} catch (error) {
			findings.push(`JSON-LD does not parse: ${(error as Error).message}`)
		}
	}
	return { blocks, findings }
}

const present = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0)
const typesOf = (node: JsonObject) => [node['@type']].flat().map(String)

/**
 * The properties each type must have, as Google's structured-data documentation names
 * them (Article, Event, Organization, Breadcrumb, sitelinks search box, subscription and
 * paywalled content); `gatedSelectorExists` says whether a gated section's cssSelector
 * names an element of the page.
 */
export function jsonLdFindings(blocks: JsonObject[], gatedSelectorExists: (selector: string) => boolean): string[] {
	const findings: string[] = []
	const need = (node: JsonObject, type: string, ...names: string[]) => {
		for (const name of names) if (!present(node[name])) findings.push(`JSON-LD ${type} lacks ${name}`)
	}
	for (const block of blocks) {
		if (block['@context'] !== 'https://schema.org' && block['@context'] !== 'http://schema.org') findings.push(`JSON-LD block without the schema.org @context: ${JSON.stringify(block).slice(0, 80)}`)
		if (!present(block['@type'])) findings.push(`JSON-LD block without @type: ${JSON.stringify(block).slice(0, 80)}`)
		for (const type of typesOf(block)) {
			switch (type) {
				case 'NewsArticle':
				case 'Article':
				case 'BlogPosting': {
					need(block, type, 'headline', 'datePublished', 'author', 'image')
					if (typeof block.isAccessibleForFree !== 'boolean') findings.push(`JSON-LD ${type} lacks a boolean isAccessibleForFree`)
					if (block.isAccessibleForFree === false) {
						const parts = [block.hasPart].flat().filter(Boolean) as JsonObject[]
						const gated = parts.find((part) => part['isAccessibleForFree'] === false && typesOf(part).includes('WebPageElement'))
						if (!gated || typeof gated['cssSelector'] !== 'string') findings.push(`JSON-LD ${type} is not free but has no hasPart WebPageElement with isAccessibleForFree false and a cssSelector`)
						else if (!gatedSelectorExists(gated['cssSelector'])) findings.push(`JSON-LD ${type} hasPart.cssSelector ${gated['cssSelector']} matches nothing on the page`)
					}
					break
				}
				case 'Event': {
					need(block, type, 'name', 'startDate', 'location')
					const location = block.location as JsonObject | undefined
					if (location && typesOf(location).includes('Place') && !present(location['address'])) findings.push('JSON-LD Event location (Place) lacks address')
					if (location && typesOf(location).includes('VirtualLocation') && !present(location['url'])) findings.push('JSON-LD Event location (VirtualLocation) lacks url')
					break
				}
				case 'Organization':
					need(block, type, 'name', 'url')
					break
				case 'BreadcrumbList': {
					const items = (block.itemListElement ?? []) as JsonObject[]
					if (items.length < 2) findings.push('JSON-LD BreadcrumbList has fewer than two ListItems')
					items.forEach((item, index) => {
						if (item['position'] !== index + 1) findings.push(`JSON-LD BreadcrumbList item ${index + 1} has position ${String(item['position'])}`)
						if (!present(item['name'])) findings.push(`JSON-LD BreadcrumbList item ${index + 1} lacks name`)
						if (index < items.length - 1 && !present(item['item'])) findings.push(`JSON-LD BreadcrumbList item ${index + 1} lacks item (only the last may)`)
					})
					break
				}
				case 'WebSite': {
					need(block, type, 'name', 'url')
					const action = [block.potentialAction].flat().find((candidate) => candidate && typesOf(candidate as JsonObject).includes('SearchAction')) as JsonObject | undefined
					if (!action) {
						findings.push('JSON-LD WebSite lacks a SearchAction')
						break
					}
					const target = action['target'] as JsonObject | string | undefined
					const template = typeof target === 'string' ? target : (target?.['urlTemplate'] as string | undefined)
					const name = /\{([^}]+)\}/.exec(template ?? '')?.[1]
					if (!name) findings.push('JSON-LD SearchAction target has no {placeholder}')
					else if (action['query-input'] !== `required name=${name}`) findings.push(`JSON-LD SearchAction query-input is not "required name=${name}"`)
					break
				}
			}
		}
	}
	return findings
}
