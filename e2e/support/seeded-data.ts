/**
 * What the seeded site keeps to itself and a test still needs: a draft article's preview
 * secret (the CMS hands it to its editors; the site never shows it). Read from the seeded
 * template database the e2e server's database was copied from (e2e/support/server.ts).
 */
import pg from 'pg'
import { readOrCreateSecret } from '../../backend/secrets.ts'
import { TEMPLATE_DATABASE, TEST_DATABASE_PORT } from '../../tests/support/test-cluster.ts'

/** The seeded template database the e2e server's database is a copy of. */
export async function templateDatabaseUrl(): Promise<string> {
	const password = await readOrCreateSecret('postgres-password')
	return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${TEST_DATABASE_PORT}/${TEMPLATE_DATABASE}`
}

export async function draftArticle(): Promise<{ slug: string; secret: string }> {
	const client = new pg.Client({ connectionString: await templateDatabaseUrl() })
	await client.connect()
	try {
		const { rows } = await client.query<{ slug: string; secret: string }>(`select slug, preview_secret as secret from articles where is_draft and preview_secret is not null order by id limit 1`)
		if (!rows[0]) throw new Error('the seed has no draft article')
		return rows[0]
	} finally {
		await client.end()
	}
}

/** The seeded draft newsletter issue and its preview secret. */
export async function draftNewsletter(): Promise<{ slug: string; secret: string }> {
	return firstRow('the seed has no draft newsletter', `select slug, preview_secret as secret from newsletters where is_draft and preview_secret is not null order by id limit 1`)
}

/** The first row of a query on the seeded template database. */
async function firstRow<T extends pg.QueryResultRow>(missing: string, query: string): Promise<T> {
	const password = await readOrCreateSecret('postgres-password')
	const client = new pg.Client({ connectionString: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${TEST_DATABASE_PORT}/${TEMPLATE_DATABASE}` })
	await client.connect()
	try {
		const { rows } = await client.query<T>(query)
		if (!rows[0]) throw new Error(missing)
		return rows[0]
	} finally {
		await client.end()
	}
}

/** An issue in the older presentation (not V2). */
export async function legacyNewsletter(): Promise<string> {
	const row = await firstRow<{ slug: string }>('the seed has no newsletter in the older presentation', `select slug from newsletters where not is_draft and presentation_version <> 'V2' and definition_id = 1 order by published desc limit 1`)
	return row.slug
}
