// One closing line for the whole run, counted from the vitest and Playwright JSON reports.
import { readFileSync } from 'node:fs'

const read = (file) => JSON.parse(readFileSync(file, 'utf8'))
const vitest = read('test-results/vitest.json')
const playwright = read('test-results/playwright.json')
const passed = vitest.numPassedTests + playwright.stats.expected + playwright.stats.flaky
const failed = vitest.numFailedTests + playwright.stats.unexpected
const skipped = vitest.numPendingTests + vitest.numTodoTests + playwright.stats.skipped
console.log(`vitest ${vitest.numPassedTests} passed; playwright ${playwright.stats.expected} passed`)
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(failed > 0 ? 1 : 0)
