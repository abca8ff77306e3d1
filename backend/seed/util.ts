/** Shared helpers of the seed: slugs, dates, bulk inserts, the seed context. */
import crypto from 'node:crypto'
import { getTableColumns, getTableName, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.ts'
import { Random } from './random.ts'

import { DAY_MS } from '../../contract/membership.ts'
import { logger } from '../logger.ts'

// The day arithmetic the site and the API use (contract/membership.ts), for the seed's modules too.
export { DAY_MS, utcDay } from '../../contract/membership.ts'

export type SeedContext = {
	db: Db
	/** The seed day: `now` truncated to 00:00 UTC. Every date derives from it. */
	today: Date
	scale: number
	log: (message: string) => void
	rng: (label: string) => Random
}

/**
 * A draft's preview secret: random per database (node:crypto), never from the seed's
 * generator, which makes the same ones on every fresh database. Seed code still draws the
 * generator's value it used to take, so the rest of the data is as before.
 */
export function previewSecret(): string {
	return crypto.randomBytes(24).toString('base64url')
}

export function addDays(date: Date, days: number): Date {
	return new Date(date.getTime() + days * DAY_MS)
}

/**
 * An index row's 'Date updated' and the date it was added, some days before (by its id, not a
 * draw of the generator, so the rest of the seed stays as it was).
 */
export const updatedAndAdded = (lastModifiedDate: Date, id: number) => ({ lastModifiedDate, dateAdded: addDays(lastModifiedDate, -(id % 400)) })

export function addHours(date: Date, hours: number): Date {
	return new Date(date.getTime() + hours * 3_600_000)
}

/** YYYY-MM-DD of a date (for `date` columns). */
export function isoDate(date: Date): string {
	return date.toISOString().slice(0, 10)
}

export function scaled(ctx: SeedContext, count: number): number {
	return Math.max(1, Math.round(count * ctx.scale))
}

const DIACRITICS = /[\u0300-\u036f]/g

/** kebab-case ASCII slug. */
export function slugify(text: string): string {
	return text
		.normalize('NFKD')
		.replace(DIACRITICS, '')
		.toLowerCase()
		.replace(/&/g, ' and ')
		.replace(/['’]/g, '')
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '')
		.slice(0, 80)
		.replace(/-+$/g, '')
}

/** Hands out unique slugs: the base slug, then base-2, base-3... */
export class SlugRegistry {
	private used = new Set<string>()
	take(text: string, suffix?: () => string): string {
		const base = slugify(text) || 'item'
		if (!this.used.has(base)) {
			this.used.add(base)
			return base
		}
		for (let i = 2; ; i++) {
			const candidate = suffix ? `${base}-${suffix()}` : `${base}-${i}`
			if (!this.used.has(candidate)) {
				this.used.add(candidate)
				return candidate
			}
		}
	}
	has(slug: string) {
		return this.used.has(slug)
	}
}

/** PostgreSQL array literal of a JS array (elements quoted; null stays NULL). */
function arrayLiteral(values: unknown[]): string {
	return `{${values.map((v) => (v === null || v === undefined ? 'NULL' : `"${String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`
}

/**
 * Bulk insert: rows go to PostgreSQL as one array parameter per column, unnested server-side
 * (far cheaper than multi-row VALUES for tens of thousands of rows). Chunks of tables whose rows
 * carry their own ids (or that have no serial id) run two at a time, so both cores work.
 */
export async function insertAll<T extends PgTable>(db: Db, table: T, rows: T['$inferInsert'][], chunkSize = 2500) {
	if (rows.length === 0) return
	const started = Date.now()
	const columns = getTableColumns(table) as Record<string, PgColumn>
	const keySet = new Set<string>()
	for (const row of rows) for (const key of Object.keys(row as object)) keySet.add(key)
	const keys = [...keySet].filter((k) => columns[k])
	const specs = keys.map((key) => {
		const column = columns[key]
		let type = column.getSQLType()
		if (type === 'serial') type = 'integer'
		if (type === 'bigserial') type = 'bigint'
		const isArray = type.endsWith('[]')
		const isJson = type === 'jsonb' || type === 'json'
		return { key, name: column.name, type, isArray, isJson, notNull: column.notNull && !column.hasDefault }
	})
	const tableName = getTableName(table)
	const text = `insert into "${tableName}" (${specs.map((s) => `"${s.name}"`).join(', ')}) select ${specs
		.map((s, i) => (s.isArray || s.isJson ? `c${i}::${s.type}` : `c${i}`))
		.join(', ')} from unnest(${specs.map((s, i) => `$${i + 1}::${s.isArray || s.isJson ? 'text' : s.type}[]`).join(', ')}) as u(${specs.map((_, i) => `c${i}`).join(', ')})`
	const chunks: T['$inferInsert'][][] = []
	for (let i = 0; i < rows.length; i += chunkSize) chunks.push(rows.slice(i, i + chunkSize))
	const run = async (chunk: T['$inferInsert'][]) => {
		const params = specs.map((s) =>
			chunk.map((row) => {
				const value = (row as Record<string, unknown>)[s.key]
				if (value === undefined || value === null) {
					if (s.notNull) throw new Error(`seed: ${tableName}.${s.name} is required`)
					if (s.isArray && columns[s.key].hasDefault) return '{}'
					return null
				}
				if (s.isArray) return arrayLiteral(value as unknown[])
				if (s.isJson) return JSON.stringify(value)
				if (value instanceof Date) return value.toISOString()
				return value
			}),
		)
		await db.$client.query(text, params)
	}
	const parallel = keys.includes('id') || !columns.id ? 2 : 1
	for (let i = 0; i < chunks.length; i += parallel) await Promise.all(chunks.slice(i, i + parallel).map(run))
	if (process.env.SEED_TIMING) logger.info(`  insert ${tableName} ${rows.length} rows ${Date.now() - started} ms`)
}

/** After explicit ids: move every serial sequence of the public schema past the largest id. */
export async function resetSequences(db: Db) {
	const { rows } = await db.execute<{ table_name: string; column_name: string }>(sql`
		select table_name, column_name from information_schema.columns
		where table_schema = 'public' and column_default like 'nextval(%'`)
	for (const { table_name, column_name } of rows) {
		const t = `"${table_name}"`
		const c = `"${column_name}"`
		await db.execute(
			sql.raw(
				`select setval(pg_get_serial_sequence('${t}', '${column_name}'), coalesce((select max(${c}) from ${t}), 0) + 1, false)`,
			),
		)
	}
}

/** Simple sentence helpers. */
export function capitalise(text: string): string {
	return text.charAt(0).toUpperCase() + text.slice(1)
}

export function formatNumber(value: number): string {
	return Math.round(value).toLocaleString('en-GB')
}

export function listJoin(items: string[]): string {
	if (items.length <= 1) return items[0] ?? ''
	return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

