/**
 * The card renderer on the server: cards as the real API resolves them over the test
 * database, rendered to HTML by React's streaming server renderer with the server's eager
 * registry of renderers (as entry.server.tsx does), inside a router. A card that fails keeps its failure to itself.
 */
import { Writable } from 'node:stream'
import { createElement } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router-dom/server'
import { beforeAll, describe, expect, test } from 'vitest'
import { ContainedFailuresContext, type ContainedFailures } from '../../app/components/cards/CardBoundary.tsx'
import { CardGrid } from '../../app/components/cards/CardGrid.tsx'
import { EveryCardRenderer } from '../../app/components/cards/renderers.server.tsx'
import type { Card } from '../../contract/cards.ts'
import type { PageEnvelope } from '../../contract/envelope.ts'
import type { Page } from '../../contract/pages.ts'
import { MESSAGES } from '../../contract/constants.ts'
import { createApi } from '../../backend/api/index.ts'
import { useTestDatabase } from '../support/database.ts'

const database = useTestDatabase()
let marketCards: Card[]
let homeCards: Card[]

async function pageCards(slug: string) {
	const api = createApi({ db: database.db })
	const response = await api.request(`/pages/slug/${slug}`)
	return ((await response.json()) as PageEnvelope<Page>).componentItems
}

beforeAll(async () => {
	;[marketCards, homeCards] = await Promise.all([pageCards('water-market-data'), pageCards('home')])
})

/** Server-renders the cards at `path`; resolves with the whole document once everything is rendered. */
async function render(cards: Card[], path = '/pages/water-market-data') {
	const handler = createStaticHandler([{ path: '*', element: createElement(CardGrid, { cards }) }])
	const context = (await handler.query(new Request(`http://localhost${path}`))) as StaticHandlerContext
	const router = createStaticRouter(handler.dataRoutes, context)
	const contained: ContainedFailures = { count: 0 }
	const errors: unknown[] = []
	const html = await new Promise<string>((resolve, reject) => {
		const { pipe } = renderToPipeableStream(
			createElement(ContainedFailuresContext.Provider, { value: contained }, createElement(EveryCardRenderer, null, createElement(StaticRouterProvider, { router, context, hydrate: false }))),
			{
				onAllReady() {
					const chunks: Buffer[] = []
					pipe(
						new Writable({
							write(chunk, _encoding, done) {
								chunks.push(Buffer.from(chunk))
								done()
							},
							final(done) {
								resolve(Buffer.concat(chunks).toString('utf8'))
								done()
							},
						}),
					)
				},
				onShellError: reject,
				onError: (error) => void errors.push(error),
			},
		)
	})
	return { html, contained, errors }
}

const card = (id: number, cardType: string, config: Record<string, unknown>, position: Card['position'] = 'Centre'): Card => ({ id, cardType, position, width: 'Full', sortOrder: id, sliceSlug: null, config })
const text = (html: string) => html.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ')

describe('a card that fails', () => {
	test('a renderer that throws shows the card error in its place; every other card renders', async () => {
		// Malformed data from the API: an article without its type makes the teaser throw.
		const broken = card(9001, 'ArticleListCard', { title: 'Broken list', articles: [{ id: 1, slug: 'broken', headline: 'Broken article' }] })
		const { html, contained, errors } = await render([...marketCards, broken])
		expect(errors).toHaveLength(1)
		expect(contained.count).toBe(1)
		expect(text(html)).toContain(MESSAGES.cardError)
		expect(html).toContain(`href="/pages/water-market-data" data-reload=""`)
		expect(text(html)).not.toContain('Broken article')
		// The rest of the page: every card of the market data page still shows.
		for (const title of ['The water market at a glance', 'Combined water and wastewater tariffs', 'Water tariffs in selected cities', 'GWI water stocks index', 'Largest utilities', 'Latest deals'])
			expect(text(html)).toContain(title)
		expect(text(html)).toContain('Copenhagen')
	})

	test('a card whose data failed (marked by the API) shows the error with a link that reloads the page', async () => {
		const failed = card(9002, 'EventSearchCard', { title: 'Upcoming events', error: true })
		const { html, contained, errors } = await render([failed], '/pages/archive?pageNum=2')
		expect(errors).toEqual([])
		expect(contained.count).toBe(0)
		expect(text(html)).toContain(MESSAGES.cardError)
		expect(html).toContain('href="/pages/archive?pageNum=2"')
		expect(text(html)).not.toContain('Upcoming events')
	})
})

test("an unknown card type shows 'Component not yet implemented!'", async () => {
	const { html } = await render([card(9003, 'OpportunityListCard', { title: 'Opportunities' }), ...homeCards.slice(0, 1)], '/')
	expect(text(html)).toContain(MESSAGES.unknownCard)
	expect(text(html)).toContain('Latest news')
})

describe('table and chart cards', () => {
	test('a table or chart card without 2 rows and 2 columns of data does not appear', async () => {
		const { html } = await render([
			card(1, 'TableCard', { title: 'Only a header', dataPoints: [['City', 'Tariff']] }),
			card(2, 'ChartCard', { title: 'One column', dataPoints: [['Year'], ['2024'], ['2025']] }),
			card(3, 'TextCard', { title: 'Still here' }),
		])
		expect(text(html)).not.toContain('Only a header')
		expect(text(html)).not.toContain('One column')
		expect(text(html)).toContain('Still here')
	})

	test('a table card pages its rows in its own URL parameter, a page beyond the last being the last', async () => {
		const tariffs = marketCards.find((item) => item.cardType === 'TableCard')!
		const first = text((await render([tariffs])).html)
		// 14 cities, 6 a page (maxRecordCount): Copenhagen..Sydney on page 1 of 3.
		expect(first).toContain('Tariff (USD/m3)')
		expect(first).toContain('Copenhagen Denmark 9.8 3.2')
		expect(first).toContain('Sydney')
		expect(first).not.toContain('Paris')
		expect(first).toContain('Page 1 of 3')
		const last = text((await render([tariffs], `/pages/water-market-data?tablePage-${tariffs.id}=99`)).html)
		expect(last).toContain('Page 3 of 3')
		expect(last).toContain('Mexico City Mexico 0.7 9.8')
		// "n/a" in a column of figures shows '-'.
		expect(last).toContain('Dubai United Arab Emirates 1.6 -')
		expect(last).not.toContain('Copenhagen')
	})

	test('a chart card is its table on the server: an accessible table, the chart canvas hidden until scripts draw it', async () => {
		const chart = marketCards.find((item) => item.config.title === 'GWI water stocks index')!
		const { html } = await render([chart])
		expect(html).toMatch(/<div hidden="" class="chart__canvas" aria-hidden="true"><\/div>|<div class="chart__canvas" hidden="" aria-hidden="true"><\/div>/)
		expect(html).toContain('<details class="chart__data" open="">')
		expect(html).toContain('<caption>GWI water stocks index</caption>')
		expect(html).toMatch(/<th scope="col"[^>]*>Water stocks<\/th>/)
		expect(text(html)).toContain('2025-03 101.8 98.7')
		expect(html).not.toContain('highcharts')
	})
})

test('adverts: 336 px wide on the right, a 140 px tall banner at the bottom', async () => {
	const right = homeCards.find((item) => item.cardType === 'AdvertCard' && item.position === 'Right')!
	const banner = homeCards.find((item) => item.cardType === 'AdvertCard' && item.position === 'Bottom')!
	const { html } = await render([right, banner], '/')
	// Each advert landmark is named after its advertiser, so two on a page stay distinguishable (axe landmark-unique).
	const name = (card: typeof right) => (card.config as { name: string }).name
	expect(html).toMatch(new RegExp(`<aside class="card card--advert" aria-label="Advertisement: ${name(right)}">.*?width="336"`))
	expect(html).toMatch(new RegExp(`<aside class="card card--advert card--advert-banner" aria-label="Advertisement: ${name(banner)}">.*?height="140"`))
	expect(name(right)).not.toBe(name(banner))
	expect(html).toContain('src="/images/advert-banner.svg"')
})

test('the ten-article grid with partner content keeps its last place for the sponsored article', async () => {
	const desal = await pageCards('desalination-hub')
	const grid = desal.find((item) => item.config.layout === 'TenArticleGridWithPartner')!
	const sponsored = grid.config.sponsoredArticle as { headline: string; sponsor: unknown }
	expect(sponsored.sponsor).not.toBeNull()
	const { html } = await render([grid], '/pages/desalination-hub')
	expect(html.match(/<article class="teaser/g)).toHaveLength(10)
	expect(text(html)).toMatch(new RegExp(`Partner content .*${sponsored.headline.slice(0, 30).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
})
