/**
 * The company technology tree's URL state (spec 000 §2: "expand or collapse per node, Expand
 * all / Collapse all"). Each node is a `<details>` the reader opens on its own; Expand all and
 * Collapse all are links that set or clear `?tree=expanded`, so they work without scripts.
 */
import type { TechnologyNode } from '../../../contract/entities.ts'
import { entityPath } from '~/lib/entity-pages.ts'

export const TREE_PARAM = 'tree'
export const TREE_EXPANDED = 'expanded'
export const TREE_LABELS = {
	expandAll: 'Expand all',
	collapseAll: 'Collapse all',
	/** A branch's open/close control, for screen readers (the name beside it is the node's link). */
	nodeToggle: (name: string) => `${name}: narrower technologies`,
} as const
/** The tree's anchor: after Expand all / Collapse all the page comes back to it. */
export const TREE_ANCHOR = 'technology-tree'

/**
 * Spec 000 §2: "nodes open /technology-types/{slug}" — every node, the top level too; a top
 * node is a technology, and /technology-types/{slug} sends it on to its technology page.
 */
export const nodePath = (node: Pick<TechnologyNode, 'slug'>) => entityPath('technology-types', node.slug)
