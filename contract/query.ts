/**
 * Query parameters shared by the API's calls, with the spec's defaults and clamps
 * (spec 000 §5, §9), validated with zod.
 *
 * Paging: "Query numbers must be integers, else the default is used." A page number that
 * is not an integer or is below 1 is the default page; a page beyond the last is clamped to
 * the last one (the response reports the page it actually holds). Page sizes: the site
 * offers 10, 20, 50 and 100; the API keeps any size from 1 to MAX_PAGE_SIZE, caps larger
 * ones at MAX_PAGE_SIZE (one request never reads an unbounded list) and treats a size below
 * 1 (or not an integer) as the default.
 */
import { z } from 'zod'
import { DEFAULT_PAGE as DEFAULT_PAGE_NUM, DEFAULT_PAGE_SIZE } from './constants.ts'
import { FIRST_VALID_DATE, isCalendarDate, lastValidDate, MAX_PAGE_NUM, MAX_PAGE_SIZE, MAX_SEARCH_TERM_LENGTH, urlParams } from './query-values.ts'

// The values and rules without zod live apart, so the browser can have them without zod.
export * from './query-values.ts'

/** An integer query value; anything else (abc, 1.5, '') is "no value". Huge values saturate at ±MAX_PAGE_NUM. */
export const queryInteger = z
	.string()
	.trim()
	.regex(/^[+-]?\d+$/)
	.transform((text) => Math.max(Math.min(Number(text), MAX_PAGE_NUM), -MAX_PAGE_NUM))

export const pageNumParam = queryInteger
	.optional()
	.catch(undefined)
	.transform((value) => (value === undefined || value < 1 ? DEFAULT_PAGE_NUM : value))

export const pageSizeParam = queryInteger
	.optional()
	.catch(undefined)
	.transform((value) => (value === undefined || value < 1 ? DEFAULT_PAGE_SIZE : Math.min(value, MAX_PAGE_SIZE)))

/** An optional integer with a default, for card-like counts. */
export const integerParam = (fallback: number, { min = 1, max = MAX_PAGE_SIZE } = {}) =>
	queryInteger
		.optional()
		.catch(undefined)
		.transform((value) => (value === undefined || value < min ? fallback : Math.min(value, max)))

/**
 * A calendar date YYYY-MM-DD (a real day: 2024-02-30 is refused); '' is no value. A day
 * outside spec 000 §5's valid range is clamped into it (9999-12-31 is the end of this year,
 * 0001-01-01 is FIRST_VALID_DATE): no content lies outside it, so the filter means the same,
 * and the database is never asked for a day it cannot represent.
 */
export const dateParam = (name: string) =>
	z
		.string()
		.trim()
		.optional()
		.transform((value) => value || undefined)
		.pipe(
			z
				.string()
				.regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${name} must be a date in the form YYYY-MM-DD` })
				.refine(isCalendarDate, { error: `${name} must be a date in the form YYYY-MM-DD` })
				.transform((value) => (value < FIRST_VALID_DATE ? FIRST_VALID_DATE : value > lastValidDate() ? lastValidDate() : value))
				.optional(),
		)

/** 'true' / 'false' (any case); anything else is a bad request. */
export const booleanParam = (name: string) =>
	z
		.string()
		.trim()
		.optional()
		.transform((value, ctx) => {
			if (value === undefined || value === '') return undefined
			if (/^true$/i.test(value)) return true
			if (/^false$/i.test(value)) return false
			ctx.addIssue({ code: 'custom', message: `${name} must be true or false` })
			return z.NEVER
		})

/** Parses a page's URL parameters with its schema (one that defaults and clamps, so it never fails on a reader's URL). */
export function parseUrlParams<S extends z.ZodType>(schema: S, params: URLSearchParams, repeated: readonly string[] = []): z.output<S> {
	return schema.parse(urlParams(params, repeated))
}

/** A reader's words for an overlong search term (not the parameter's name). */
export const SEARCH_TERM_TOO_LONG = `Your search can be at most ${MAX_SEARCH_TERM_LENGTH} characters long`

/** A free-text search term, trimmed; '' when absent. */
export const searchTermParam = z
	.string()
	.optional()
	.transform((value) => (value ?? '').trim())
	.pipe(z.string().max(MAX_SEARCH_TERM_LENGTH, { error: SEARCH_TERM_TOO_LONG }))

export const pagingSchema = z.object({ pageNum: pageNumParam, pageSize: pageSizeParam })
export type Paging = z.output<typeof pagingSchema>

