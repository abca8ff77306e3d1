import { expect, test } from 'vitest'
import { loader as homeLoader } from '../../app/routes/_index.tsx'
import { loader as rootLoader } from '../../app/root.tsx'
import { connect } from '../../backend/db/client.ts'
import { useTestDatabase } from '../support/database.ts'
import { loaderArgs, unwrap } from '../support/site.ts'

const database = useTestDatabase()

test('the home page is the custom page "home" with its cards resolved', async () => {
	const { data, headers } = unwrap<any>(await homeLoader(loaderArgs(database.db, '/')))
	expect(data.page.slug).toBe('home')
	const latest = data.cards.find((card: any) => card.config.title === 'Latest news')
	expect(latest.cardType).toBe('ArticleListCard')
	expect(latest.config.articles).toHaveLength(10)
	expect(headers.get('Cache-Control')).toContain('public')
})

test("when the home page cannot be loaded the reader gets 'Welcome!' (not cached)", async () => {
	// A real API over a database that does not exist: every call fails.
	const broken = connect(database.url.replace(/\/[^/]+$/, '/no_such_database'), { max: 1 })
	try {
		const { data, headers } = unwrap<any>(await homeLoader(loaderArgs(broken, '/')))
		expect(data.page).toBeNull()
		expect(headers.get('Cache-Control')).toBe('no-store')
	} finally {
		await broken.$client.end()
	}
})

test('the root loader gives the main menu with header and footer items', async () => {
	const { data } = unwrap<any>(await rootLoader(loaderArgs(database.db, '/')))
	expect((data.menu as any).slug).toBe('main')
	expect((data.menu as any).menuItems.some((item: any) => item.placement === 'header')).toBe(true)
	expect((data.menu as any).menuItems.some((item: any) => item.placement === 'footer')).toBe(true)
	expect(data.user).toBeNull()
})
