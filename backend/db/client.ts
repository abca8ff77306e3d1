import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import * as schema from './schema.ts'

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool }

/** A Drizzle database over a connection pool. The pool size fits one web process. */
export function connect(url: string, { max = 10 }: { max?: number } = {}): Db {
	const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 })
	// A dropped idle connection must not crash the process; the pool replaces it.
	pool.on('error', (error) => console.error('[db] idle client error:', error.message))
	return drizzle(pool, { schema })
}

export { schema }
