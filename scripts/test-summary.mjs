// One closing line for the whole run, counted from the vitest and Playwright JSON reports and Lighthouse's summary.
import { existsSync, readFileSync } from 'node:fs'

const read = (file) => JSON.parse(readFileSync(file, 'utf8'))
const vitest = read('test-results/vitest.json')
const playwright = read('test-results/playwright.json')
// scripts/lighthouse.ts: one entry per audited page (absent when it could not run: then it failed on its own).
const lighthouse = existsSync('test-results/lighthouse/summary.json') ? read('test-results/lighthouse/summary.json') : []
const lighthousePassed = lighthouse.filter((page) => page.passed).length
const passed = vitest.numPassedTests + playwright.stats.expected + playwright.stats.flaky + lighthousePassed
const failed = vitest.numFailedTests + playwright.stats.unexpected + lighthouse.length - lighthousePassed
const skipped = vitest.numPendingTests + vitest.numTodoTests + playwright.stats.skipped
console.log(`vitest ${vitest.numPassedTests} passed; playwright ${playwright.stats.expected} passed; lighthouse ${lighthousePassed} of ${lighthouse.length} pages passed`)
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(failed > 0 ? 1 : 0)
