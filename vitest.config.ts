import { defineConfig } from 'vitest/config'
import tsconfigPaths from 'vite-tsconfig-paths'

export default defineConfig({
	plugins: [tsconfigPaths()],
	test: {
		include: ['tests/**/*.test.ts', 'app/**/*.test.ts', 'backend/**/*.test.ts'],
		globalSetup: ['tests/support/vitest-global-setup.ts'],
		// Template build on a fresh clone seeds the whole catalogue once.
		hookTimeout: 180_000,
		testTimeout: 30_000,
		// Loaders read the session secret as server.ts would provide it.
		env: { SESSION_SECRET: 'test-session-secret-0123456789', NODE_ENV: 'test' },
		pool: 'forks',
		poolOptions: { forks: { maxForks: 2 } },
	},
})
