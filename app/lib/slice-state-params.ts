/** Slice state as read from a page's URL (slice-state.ts has the rules the browser uses, without zod). */
import { z } from 'zod'
import type { Slice } from '../../contract/pages.ts'
import { parseUrlParams } from '../../contract/query.ts'
import type { SliceState } from './slice-state.ts'

/** A comma-separated slug list, each slug once. */
const slugList = z
	.string()
	.optional()
	.transform((value) => [...new Set((value ?? '').split(',').map((slug) => slug.trim()).filter(Boolean))])

const SliceStateParamsSchema = z.object({ more: slugList, less: slugList })

/** The state in the URL, keeping only slices of this page whose default it changes. */
export function parseSliceState(params: URLSearchParams, slices: Pick<Slice, 'slug' | 'visibility'>[]): SliceState {
	const expandedByDefault = new Set(slices.filter((slice) => slice.visibility === 'expanded').map((slice) => slice.slug))
	const known = new Set(slices.map((slice) => slice.slug))
	const { more, less } = parseUrlParams(SliceStateParamsSchema, params)
	return {
		more: more.filter((slug) => known.has(slug) && !expandedByDefault.has(slug)).sort(),
		less: less.filter((slug) => expandedByDefault.has(slug)).sort(),
	}
}
