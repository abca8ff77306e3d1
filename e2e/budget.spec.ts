import { expect, test } from '@playwright/test'

// Heavy libraries load only where charts are drawn: never in the shell or on articles.
for (let path of ['/', '/articles', 'an article']) {
	test(`${path} loads no chart or export library`, async ({ page, request, javaScriptEnabled }) => {
		test.skip(!javaScriptEnabled, 'no scripts load at all without JavaScript')
		if (path === 'an article') {
			const { items } = (await (await request.get('/api/articles?pageSize=1')).json()) as { items: { slug: string }[] }
			path = `/articles/${items[0].slug}`
		}
		// Bodies are read before the test ends (a handler still reading when it does fails the test).
		const reading: Promise<string>[] = []
		page.on('response', (response) => {
			if (response.request().resourceType() === 'script') reading.push(response.text())
		})
		await page.goto(path)
		await page.waitForLoadState('networkidle')
		const scripts = await Promise.all(reading)
		expect(scripts.length).toBeGreaterThan(0)
				// The libraries' own names (a link to an .xlsx download is fine; exceljs itself is not).
		for (const source of scripts) expect(source).not.toMatch(/Highcharts|exporting|ExcelJS|exceljs|PptxGenJS|pptxgenjs/)
	})
}
