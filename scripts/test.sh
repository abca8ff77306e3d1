#!/usr/bin/env bash
# `npm test`: everything a fresh clone needs, then typecheck, lint, vitest and Playwright.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
	echo "==> installing dependencies"
	npm ci --no-audit --no-fund
fi

# Browser tests use Debian's Chromium; install it when missing and we can.
CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM_PATH" ]; then
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
		echo "==> installing Debian's chromium"
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
	else
		echo "Chromium is missing: install Debian's 'chromium' package (or set CHROMIUM_PATH)." >&2
		exit 1
	fi
fi

mkdir -p test-results
rm -rf test-results/lighthouse test-results/screenshots
echo "==> typecheck"
npx tsc
echo "==> lint"
npx eslint .
# Before vitest: tests/server/life-cycle.test.ts runs the production build as a child process.
echo "==> build (production)"
npm run build --silent
echo "==> vitest (loaders, actions, API, logic against a real database)"
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
echo "==> playwright (chromium and no-js; e2e/audit.spec.ts: axe, html-validate, JSON-LD, screenshots)"
npx playwright test
# Accessibility, Best Practices and SEO = 100 (Performance moves with the machine: `npm run lighthouse` reports it).
echo "==> lighthouse (production build, mobile profile: accessibility, best practices, SEO)"
lighthouse=0
npx tsx scripts/lighthouse.ts || lighthouse=$?
node scripts/test-summary.mjs
exit "$lighthouse"
