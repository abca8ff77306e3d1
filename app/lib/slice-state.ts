/**
 * Slice pages (spec 000 §2): each slice has a hide/show toggle and a show more/less toggle.
 * Hide/show is a `<details>` (no script needed); show more/less is URL state, so it works
 * without scripts and survives a reload:
 *   ?more=a,b   slices shown in full although their visibility is standard or hidden
 *   ?less=c     slices shown shortened although their visibility is expanded
 * Slice visibility (spec 000 §3): standard = shown, shortened; expanded = shown in full;
 * hidden = folded away until the reader opens it.
 */
import type { Slice } from '../../contract/pages.ts'

export type SliceState = { more: string[]; less: string[] }

export const NO_SLICE_STATE: SliceState = { more: [], less: [] }

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
