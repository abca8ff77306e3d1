import { defineConfig, devices } from '@playwright/test'

/** The production build, on its own fresh copy of the seeded test database. */
const PORT = Number(process.env.E2E_PORT ?? 3100)
const baseURL = `http://127.0.0.1:${PORT}`

/** Debian's Chromium; Playwright never downloads a browser of its own here. */
const chromium = {
	...devices['Desktop Chrome'],
	launchOptions: {
		executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
		args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
	},
}

export default defineConfig({
	testDir: './e2e',
	outputDir: './test-results/e2e',
	fullyParallel: true,
	forbidOnly: Boolean(process.env.CI),
	retries: 0,
	workers: 2,
	// Long flows (the forecast explorer's save, rename, open and delete) take 25–30 s on a quiet
	// 2-core machine running two workers, and over a minute when other work shares it; a hang
	// still fails, at two minutes. A step waits up to 15 s for what it expects, for the same reason.
	timeout: 120_000,
	expect: { timeout: 15_000 },
	reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
	use: { baseURL, trace: 'retain-on-failure' },
	projects: [
		{ name: 'chromium', use: { ...chromium } },
		{ name: 'no-js', use: { ...chromium, javaScriptEnabled: false } },
	],
	webServer: {
		command: 'tsx e2e/support/server.ts',
		url: `${baseURL}/`,
		env: { E2E_PORT: String(PORT) },
		// E2E_REUSE_SERVER=1: test against a server already started by hand (tsx e2e/support/server.ts), while iterating.
		reuseExistingServer: Boolean(process.env.E2E_REUSE_SERVER),
		timeout: 300_000,
		stdout: 'ignore',
		stderr: 'pipe',
	},
})
