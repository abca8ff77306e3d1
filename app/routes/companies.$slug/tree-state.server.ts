/**
 * The technology tree's URL state, read by the loader. Kept out of technology-tree.ts, which the
 * page's browser code imports: a zod schema there put the whole of zod (26 kB gzip) in the
 * company page's first load.
 */
import { z } from 'zod'
import { parseUrlParams } from '../../../contract/query.ts'
import { TREE_EXPANDED, TREE_PARAM } from './technology-tree.ts'

/** Expanded, or nothing (collapsed, the default; anything else is collapsed too). */
const TreeStateSchema = z.object({ [TREE_PARAM]: z.literal(TREE_EXPANDED).optional().catch(undefined) })

/** The canonical tree state of a URL. */
export const treeState = (params: URLSearchParams) => parseUrlParams(TreeStateSchema, params)
