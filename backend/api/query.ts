/**
 * Reading the request's query with the contract's schemas (contract/query.ts), and paging a
 * list: the API's side of the shared paging rules.
 */
import type { Context, MiddlewareHandler } from 'hono'
import type { z } from 'zod'
import { clampPage } from '../../contract/paging.ts'
import type { Paging } from '../../contract/query.ts'
import { checkRequestTarget, InputError } from '../../contract/request-input.ts'
import { badRequest } from './errors.ts'

/** Parses the request's query (first value of each name) or answers 400 with the first problem. */
export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
	const query = c.req.query()
	// The spec calls it pageNum; `page` (the site's own URL name) is accepted too.
	if (query.pageNum === undefined && query.page !== undefined) query.pageNum = query.page
	const result = schema.safeParse(query)
	if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Bad request')
	return result.data
}

/** All values of a repeatable parameter (`filters[Page type]=a&filters[Page type]=b`), without blanks. */
export function queryValues(c: Context, name: string): string[] {
	return (c.req.queries(name) ?? []).map((value) => value.trim()).filter(Boolean)
}

export type PagedResult<T> = { items: T[]; totalHits: number; totalPages: number; pageNum: number; pageSize: number }

export const totalPagesOf = (totalHits: number, pageSize: number) => Math.ceil(totalHits / pageSize)

/**
 * One page of a list: the count and the requested page run together; only a page beyond
 * the last costs a second read, of the last page.
 */
export async function fetchPage<T>(
	{ pageNum, pageSize }: Paging,
	count: () => Promise<number>,
	rows: (limit: number, offset: number) => Promise<T[]>,
): Promise<PagedResult<T>> {
	const [totalHits, requested] = await Promise.all([count(), rows(pageSize, (pageNum - 1) * pageSize)])
	const totalPages = totalPagesOf(totalHits, pageSize)
	const effective = clampPage(pageNum, totalPages)
	const items = effective === pageNum ? requested : totalHits === 0 ? [] : await rows(pageSize, (effective - 1) * pageSize)
	return { items, totalHits, totalPages, pageNum: effective, pageSize }
}

/**
 * The API's first reading of every call, from the site in-process or from outside: its path
 * and query must decode to text without a NUL (contract/request-input.ts), else 400 with the
 * reason. Every slug, term and filter a resource reads afterwards is therefore clean text.
 */
export const rejectUndecodableInput: MiddlewareHandler = async (c, next) => {
	const url = c.req.url
	const target = url.slice(url.indexOf('/', url.indexOf('//') + 2))
	try {
		checkRequestTarget(target)
	} catch (error) {
		if (error instanceof InputError) throw badRequest(error.message)
		throw error
	}
	await next()
}
