import type { TestProject } from 'vitest/node'
import { ensureTemplate, startTestCluster, TEMPLATE_DATABASE } from './test-cluster.ts'

/** Starts the test cluster once per run and makes sure the seeded template exists. */
export default async function setup(project: TestProject) {
	const cluster = await startTestCluster()
	const demoAccountsDay = await ensureTemplate(cluster)
	project.provide('adminDatabaseUrl', cluster.url('postgres'))
	project.provide('templateDatabase', TEMPLATE_DATABASE)
	project.provide('demoAccountsDay', demoAccountsDay)
	return async () => {
		await cluster.stop()
	}
}

declare module 'vitest' {
	export interface ProvidedContext {
		adminDatabaseUrl: string
		templateDatabase: string
		/** The UTC day the template's demo accounts count from (tests/support/test-cluster.ts). */
		demoAccountsDay: string
	}
}
