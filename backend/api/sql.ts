/** Small helpers for the API's SQL and for shaping what it returns. */
import { sql, type SQL } from 'drizzle-orm'

/** A JS array as ONE array parameter (drizzle would otherwise expand it into a list). */
export const textArray = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`
export const intArray = (values: readonly number[]) => sql`${sql.param([...values])}::int[]`

/** Timestamps arrive as PostgreSQL text (raw queries) or Dates; the API speaks ISO 8601 UTC. */
export function iso(value: string | Date | null | undefined): string | null {
	if (value === null || value === undefined) return null
	const date = value instanceof Date ? value : new Date(value)
	return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

/** `a and b and c`, or true when there is nothing to check. */
export function and(conditions: (SQL | undefined | false | null | '' | 0)[]): SQL {
	const parts = conditions.filter((condition): condition is SQL => Boolean(condition))
	return parts.length ? sql.join(parts, sql` and `) : sql`true`
}

/** End of a YYYY-MM-DD day as an exclusive bound: the start of the next day (UTC). */
export const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString()
export const dayStart = (date: string) => new Date(`${date}T00:00:00Z`).toISOString()

const UNIQUE_VIOLATION = '23505'
/** PostgreSQL refused a row a unique index already holds (the driver's error, or drizzle's wrapping it). */
export const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === UNIQUE_VIOLATION || (error as { cause?: { code?: string } } | null)?.cause?.code === UNIQUE_VIOLATION
