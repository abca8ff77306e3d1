/**
 * Both newsletter renderers (V2 and the older one) draw every component type of spec 002 §3
 * by its rules: the placeholder, display types and image sizes, 5 projects per category then
 * 'View all', nothing for opportunity lists, the notice for unknown types.
 */
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { LegacyComponent } from '../../app/components/newsletters/LegacyRenderer.tsx'
import { V2Component } from '../../app/components/newsletters/V2Renderer.tsx'
import type { NewsletterArticle, NewsletterComponent, NewsletterProject } from '../../contract/newsletters.ts'

const article = (n: number, extra: Partial<NewsletterArticle> = {}): NewsletterArticle => ({
	slug: `article-${n}`,
	headline: `Headline ${n}`,
	standfirst: `Standfirst ${n}`,
	thumbnail: `/images/cover-${n}.svg`,
	author: { name: 'Ana Author', slug: 'ana-author' },
	imageSize: 'Small',
	displayType: 'Thumbnail',
	subjectName: null,
	leadIn: null,
	sponsor: null,
	articleType: { name: 'News', slug: 'news' },
	blogType: null,
	geographies: [{ name: 'Oman', slug: 'om' }],
	publicationDate: '2026-11-19T06:00:00.000Z',
	hasAccess: true,
	bodyText: null,
	...extra,
})
const project = (n: number): NewsletterProject => ({ slug: `project-${n}`, name: `Project ${n}`, country: 'Oman', categories: ['Desal'], shortStatus: 'Bids due', progress: 'RFP issued', dateLastModified: '2026-11-01T00:00:00.000Z' })

const RENDERERS = [
	['V2', V2Component],
	['legacy', LegacyComponent],
] as const

describe.each(RENDERERS)('the %s renderer', (_name, Renderer) => {
	const render = (component: NewsletterComponent, firstName: string | null = 'Ada') => renderToStaticMarkup(createElement(Renderer, { component, context: { firstName } }))

	test("TextCard: '[First Name]' is the reader's name, gone for visitors; graduated background", () => {
		const card: NewsletterComponent = { id: 1, type: 'TextCard', bodyText: '<p>Dear [First Name],</p>', graduatedBackground: true }
		expect(render(card)).toContain('<p>Dear Ada,</p>')
		expect(render(card, null)).toContain('<p>Dear,</p>')
		expect(render(card)).toMatch(/--graduated/)
	})

	test('ArticleListCard: display types and image sizes', () => {
		const full = render({ id: 2, type: 'ArticleListCard', name: 'Top stories', articleDisplayType: 'Full', articles: [article(1, { imageSize: 'Large' }), article(2, { imageSize: 'Medium' }), article(3)] })
		expect(full).toContain('Top stories')
		expect(full).toContain('nl-image--large')
		expect(full).toContain('nl-image--medium')
		expect(full).toContain('nl-image--small')
		expect(full).toContain('Standfirst 1')
		expect(full).toContain('href="/articles/article-1"')
		const headlines = render({ id: 3, type: 'ArticleListCard', name: null, articleDisplayType: 'HeadlineOnly', articles: [article(4)] })
		expect(headlines).toContain('Headline 4')
		expect(headlines).not.toContain('Standfirst 4')
		expect(headlines).not.toContain('<img')
		const standfirsts = render({ id: 4, type: 'ArticleListCard', name: null, articleDisplayType: 'HeadlineStandfirst', articles: [article(5)] })
		expect(standfirsts).toContain('Standfirst 5')
		expect(standfirsts).not.toContain('<img')
		const bodies = render({ id: 5, type: 'ArticleListCard', name: null, articleDisplayType: 'BodyTextOnly', articles: [article(6, { bodyText: '<p>The whole story.</p>' })] })
		expect(bodies).toContain('<p>The whole story.</p>')
	})

	test("ProjectListCard: 5 per category, then 'View all' to the tracker", () => {
		const html = render({
			id: 6,
			type: 'ProjectListCard',
			name: 'Project Tracker updates',
			projects: [1, 2, 3, 4, 5].map(project),
			projectCategory: 'Desal',
			resultCount: 60,
			categoryList: ['Desal'],
			projectTrackerSearchQuery: '/projecttracker?filters%5BProject+category%5D=Desal',
		})
		expect(html.match(/class="nl-project"/g)).toHaveLength(5)
		expect(html).toContain('href="/projecttracker?filters%5BProject+category%5D=Desal"')
		expect(html).toContain('View all')
	})

	test('LinkCard and AdvertCard link out; OpportunityListCard renders nothing; unknown types say so', () => {
		const link = render({ id: 7, type: 'LinkCard', name: 'Membership', image: '/images/membership.svg', title: 'Get the full picture', description: 'Every Market Map.', footer: 'GWI', linkUrl: '/memberships', linkText: 'See memberships', linkIcon: 'arrow', imageType: 'Small' })
		expect(link).toContain('href="/memberships"')
		expect(link).toContain('See memberships')
		expect(render({ id: 8, type: 'AdvertCard', image: '/images/advert-1.svg', link: 'https://ads.example/' })).toContain('href="https://ads.example/"')
		expect(render({ id: 9, type: 'OpportunityListCard' })).toBe('')
		expect(render({ id: 10, type: 'Unsupported', componentType: 'PollCard' })).toContain('PollCard is not yet supported in newsletters')
	})
})
