import pg from 'pg'

/** One statement on its own connection, closed afterwards: for tests that look at a server's database from outside. */
export async function queryOnce<T extends pg.QueryResultRow = Record<string, unknown>>(connectionString: string, text: string, values: unknown[] = []): Promise<T[]> {
	const client = new pg.Client({ connectionString })
	await client.connect()
	try {
		return (await client.query<T>(text, values)).rows
	} finally {
		await client.end()
	}
}
