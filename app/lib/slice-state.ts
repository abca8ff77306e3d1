/**
 * Slice pages (spec 000 §2): each slice has a hide/show toggle and a show more/less toggle.
 * Hide/show is a `<details>` (no script needed); show more/less is URL state, so it works
 * without scripts and survives a reload:
 *   ?more=a,b   slices shown in full although their visibility is standard or hidden
 *   ?less=c     slices shown shortened although their visibility is expanded
 * Slice visibility (spec 000 §3): standard = shown, shortened; expanded = shown in full;
 * hidden = folded away until the reader opens it.
 */
import { z } from 'zod'
import type { Slice } from '../../contract/pages.ts'
import { parseUrlParams } from '../../contract/query.ts'

export type SliceState = { more: string[]; less: string[] }

export const NO_SLICE_STATE: SliceState = { more: [], less: [] }

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

export function isSliceExpanded(slice: Pick<Slice, 'slug' | 'visibility'>, state: SliceState) {
	return slice.visibility === 'expanded' ? !state.less.includes(slice.slug) : state.more.includes(slice.slug)
}

/** The state after the reader flips one slice's show more/less. */
export function toggleSlice(slice: Pick<Slice, 'slug' | 'visibility'>, state: SliceState): SliceState {
	const flip = (slugs: string[]) => (slugs.includes(slice.slug) ? slugs.filter((slug) => slug !== slice.slug) : [...slugs, slice.slug].sort())
	return slice.visibility === 'expanded' ? { ...state, less: flip(state.less) } : { ...state, more: flip(state.more) }
}

/** The query parameters of a state (absent when empty). */
export function sliceStateParams(state: SliceState): Record<string, string | undefined> {
	return { more: state.more.length ? state.more.join(',') : undefined, less: state.less.length ? state.less.join(',') : undefined }
}
