/**
 * Entity and list pages (spec 000 §2) as a visitor, with scripts and without: browse an
 * index and an entity, page a list, the company technology tree, the geography country
 * picker, a project without access, slice anchors and toggles, and 'More...'; and a
 * project with access, signed in as the Executive demo account.
 */
import { expect, test, type Page } from '@playwright/test'
import { DEMO_PASSWORD, signIn } from './support/sign-in.ts'

/** Seeded content (backend/seed is deterministic). */
const TOPIC = { slug: 'private-finance', name: 'Private finance' }
const COMPANY = 'aquarion-membrane-systems'
const SLICED_TECHNOLOGY = { slug: 'desalination', name: 'Desalination' }

const teasers = (page: Page) => page.locator('.related-articles .teaser')

test('a visitor browses the topic index, opens a topic and pages its articles', async ({ page, javaScriptEnabled }) => {
	await page.goto('/topics')
	await expect(page.getByRole('heading', { level: 1, name: 'Topics' })).toBeVisible()
	await expect(page.locator('.list-page__count')).toHaveText(/^\d+ topics$/)
	await expect(page).toHaveTitle('Topics | GWI')

	await page.getByRole('link', { name: TOPIC.name, exact: true }).click()
	await expect(page).toHaveURL(new RegExp(`/topics/${TOPIC.slug}$`))
	await expect(page.getByRole('heading', { level: 1, name: TOPIC.name })).toBeVisible()
	await expect(page).toHaveTitle(`${TOPIC.name} | GWI`)
	await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/topics/${TOPIC.slug}$`))
	await expect(teasers(page)).toHaveCount(10)
	await expect(page.locator('.pagination [aria-disabled="true"]', { hasText: 'Previous' })).toBeVisible()

	const first = await teasers(page).first().locator('.teaser__headline').textContent()
	await page.getByRole('link', { name: 'Next', exact: true }).click()
	await page.waitForURL(new RegExp(`/topics/${TOPIC.slug}\\?page=2$`))
	await expect(page.getByText('Page 2 of')).toBeVisible()
	expect(await teasers(page).first().locator('.teaser__headline').textContent()).not.toBe(first)

	// A new page size starts again at page 1.
	await page.getByLabel('Per page').selectOption('20')
	if (!javaScriptEnabled) await page.getByRole('button', { name: 'Show', exact: true }).click()
	await expect(page).toHaveURL(new RegExp(`/topics/${TOPIC.slug}\\?pageSize=20$`))
	await expect(teasers(page)).toHaveCount(20)
})

test('a visitor pages the author list; the last page has Next disabled, one page hides the pager', async ({ page }) => {
	await page.goto('/authors')
	await expect(page.getByRole('heading', { level: 1, name: 'Authors' })).toBeVisible()
	await expect(page.locator('.entity-list__item')).toHaveCount(10)
	await page.getByRole('link', { name: 'Next', exact: true }).click()
	await expect(page).toHaveURL(/\/authors\?page=2$/)
	await page.goto('/authors?page=999')
	await expect(page).toHaveURL(/\/authors\?page=\d+$/)
	await expect(page.locator('.pagination [aria-disabled="true"]', { hasText: 'Next' })).toBeVisible()
	await page.goto('/authors?pageSize=100')
	await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0)
	await page.getByRole('link', { name: 'Christopher Gasson', exact: true }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Christopher Gasson' })).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Articles by Christopher Gasson' })).toBeVisible()
})

test('a visitor expands a company’s technology tree: one node, Expand all, Collapse all', async ({ page }) => {
	await page.goto(`/companies/${COMPANY}`)
	const tree = page.locator('#technology-tree')
	await expect(tree.getByRole('heading', { name: 'Technologies' })).toBeVisible()
	const firstNode = tree.locator('.technology-tree__scroll > ul > li > details').first()
	const firstChild = firstNode.locator(':scope > ul > li').first()
	await expect(firstChild).toBeHidden()

	// One node opens on its own (its marker; the name is a link to the node's page in a new tab).
	await firstNode.locator(':scope > summary .technology-tree__marker').click()
	await expect(firstChild).toBeVisible()
	await expect(firstChild.getByRole('link').first()).toHaveAttribute('target', '_blank')
	await expect(firstChild.getByRole('link').first()).toHaveAttribute('href', /^\/technology-types\//)
	await expect(tree.locator('details:not([open])').first()).toBeAttached()

	await tree.getByRole('link', { name: 'Expand all', exact: true }).click()
	// The whole new page, not its first part: the checks below count what is (not) there.
	await page.waitForURL(new RegExp(`/companies/${COMPANY}\\?tree=expanded#technology-tree$`))
	await expect(tree.locator('details[open]').nth(1)).toBeAttached()
	await expect(tree.locator('details:not([open])')).toHaveCount(0)

	await tree.getByRole('link', { name: 'Collapse all', exact: true }).click()
	await page.waitForURL(new RegExp(`/companies/${COMPANY}#technology-tree$`))
	await expect(tree.locator('details[open]')).toHaveCount(0)
	await expect(firstChild).toBeHidden()
	// The tree scrolls within 400 px.
	expect(await tree.locator('.technology-tree__scroll').evaluate((element) => getComputedStyle(element).maxHeight)).toBe('400px')
	// The financial stats card is Strategist data: hidden from a visitor (Forbidden).
	await expect(page.locator('.financial-stats')).toHaveCount(0)
})

test('a visitor picks a country: nothing happens without a choice, then the country page', async ({ page, javaScriptEnabled }) => {
	await page.goto('/geographies')
	await expect(page.getByRole('heading', { level: 1, name: 'Geographies' })).toBeVisible()
	const picker = page.getByLabel('Choose a country')
	await expect(picker.locator('optgroup')).toHaveCount(5)
	await expect(picker.locator('optgroup[label="Europe"] option')).toContainText(['All of Europe', 'Germany', 'United Kingdom', 'France'])

	// Submit without a selection does nothing. (The header's Markets menu has a picker too.)
	const go = page.getByRole('main').getByRole('button', { name: 'Go', exact: true })
	await go.click()
	await expect(page).toHaveURL(/\/geographies$/)

	await picker.selectOption('fr')
	if (!javaScriptEnabled) await go.click()
	await expect(page).toHaveURL(/\/geographies\/fr$/)
	await expect(page.getByRole('heading', { level: 1, name: 'France' })).toBeVisible()
	await expect(page.getByRole('link', { name: 'Europe', exact: true }).first()).toBeVisible()
	await expect(page.getByLabel('Choose a country')).toHaveValue('fr')
})

test('a reader picks a country from the Markets menu: nothing happens without a choice, then the country page', async ({ page, javaScriptEnabled }) => {
	await page.goto('/articles')
	const menu = page.getByRole('navigation', { name: 'Main' })
	await menu.getByText('Markets', { exact: true }).click()
	const picker = menu.getByLabel('Go to a country')
	await expect(picker).toBeVisible()
	await expect(picker.locator('optgroup')).toHaveCount(5)
	await expect(picker.locator('optgroup[label="Asia-Pacific"] option')).toContainText(['All of Asia-Pacific', 'China', 'Japan'])

	// Submit without a selection does nothing.
	const go = menu.getByRole('button', { name: 'Go', exact: true })
	await go.click()
	await expect(page).toHaveURL(/\/articles$/)

	await picker.selectOption('jp')
	if (!javaScriptEnabled) await go.click()
	await expect(page).toHaveURL(/\/geographies\/jp$/)
	await expect(page.getByRole('heading', { level: 1, name: 'Japan' })).toBeVisible()
})

test('a visitor opens a project without access: the no-access panel over a blurred placeholder', async ({ page, request }) => {
	const { items } = (await (await request.get('/api/projects?pageSize=1')).json()) as { items: { slug: string; name: string }[] }
	const project = items[0]!
	await page.goto('/projects')
	await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible()
	await page.getByRole('link', { name: project.name, exact: true }).first().click()
	await page.waitForURL(new RegExp(`/projects/${project.slug}$`))
	await expect(page.getByRole('heading', { level: 1, name: project.name })).toBeVisible()
	await expect(page.getByRole('heading', { name: 'The Project Tracker is available exclusively to full members' })).toBeVisible()
	await expect(page.getByRole('link', { name: 'Start free trial', exact: true })).toBeVisible()
	await expect(page.getByText('Already have a free account or membership?')).toBeVisible()
	const sample = page.getByTestId('project-sample')
	await expect(sample).toHaveAttribute('aria-hidden', 'true')
	expect(await sample.evaluate((element) => getComputedStyle(element).filter)).toMatch(/blur/)
	await expect(sample).toContainText('Sample Water Authority')
	await expect(page.getByRole('heading', { name: 'History' })).toHaveCount(0)
})

test('a visitor follows a slice sidebar anchor, shows more, hides a slice, and opens More...', async ({ page }) => {
	await page.goto(`/technologies/${SLICED_TECHNOLOGY.slug}`)
	const sidebar = page.getByRole('navigation', { name: 'Sections' })
	await sidebar.getByRole('link', { name: 'Latest news', exact: true }).click()
	await expect(page).toHaveURL(new RegExp(`/technologies/${SLICED_TECHNOLOGY.slug}#latest-news$`))
	await expect(page.locator('#latest-news')).toBeInViewport()

	// Show more: the slice comes back in full, its state in the URL.
	const overview = page.locator('#overview')
	await expect(overview.locator('.slice__body--short')).toHaveCount(1)
	await overview.getByRole('link', { name: 'Show more: Overview', exact: true }).click()
	await expect(page).toHaveURL(new RegExp(`\\?more=overview#overview$`))
	await expect(overview.locator('.slice__body--short')).toHaveCount(0)
	await overview.getByRole('link', { name: 'Show less: Overview', exact: true }).click()
	await expect(page).toHaveURL(new RegExp(`/technologies/${SLICED_TECHNOLOGY.slug}#overview$`))

	// Hide / show folds a slice away and back.
	const body = overview.locator('.slice__body')
	await expect(body).toBeVisible()
	await overview.locator('summary', { hasText: 'Hide' }).click()
	await expect(body).toBeHidden()
	await overview.locator('summary', { hasText: 'Show' }).click()
	await expect(body).toBeVisible()

	// Strategist slices are locked for a visitor.
	await expect(page.locator('#market-data').getByRole('heading', { name: 'This content requires a GWI Strategist Membership' })).toBeVisible()
	await expect(page.locator('#market-data')).toContainText('Get unlimited access to:')

	// An items list shows three entries, then More... opens the rest.
	const types = page.getByRole('region', { name: 'Technology types' })
	await expect(types.locator('.more-list > ul > li')).toHaveCount(3)
	const rest = types.locator('details li').first()
	await expect(rest).toBeHidden()
	await types.getByText('More...').click()
	await expect(rest).toBeVisible()
})

test('an Executive opens a project with access: the record and its history, newest first', async ({ page, request }) => {
	await signIn(page, 'executive@example.com', DEMO_PASSWORD)
	const { items } = (await (await request.get('/api/projects?pageSize=1')).json()) as { items: { slug: string; name: string }[] }
	await page.goto(`/projects/${items[0]!.slug}`)
	await expect(page.getByRole('heading', { level: 1, name: items[0]!.name })).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Project details' })).toBeVisible()
	await expect(page.getByTestId('project-sample')).toHaveCount(0)
	const dates = await page.locator('.project-history time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''))
	expect([...dates].sort().reverse()).toEqual(dates)
})
