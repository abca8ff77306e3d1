import { Link, useLocation } from '@remix-run/react'
import type { TechnologyNode } from '../../../contract/entities.ts'
import { withParams } from '~/lib/page-url.ts'
import { nodePath, TREE_ANCHOR, TREE_EXPANDED, TREE_LABELS, TREE_PARAM } from './technology-tree.ts'

/**
 * A company's technology tree: 400 px high and scrolling, each node a `<details>` that opens
 * on its own, Expand all / Collapse all as a link (technology-tree.ts). Node names open their
 * page in a new tab.
 */
export function TechnologyTree({ nodes, expanded }: { nodes: TechnologyNode[]; expanded: boolean }) {
	const { pathname, search } = useLocation()
	const toggleAll = withParams(pathname, search, { [TREE_PARAM]: expanded ? undefined : TREE_EXPANDED }, `#${TREE_ANCHOR}`)
	return (
		<section className="entity-section technology-tree" id={TREE_ANCHOR} aria-labelledby="technology-tree-title">
			<div className="technology-tree__header">
				<h2 id="technology-tree-title">Technologies</h2>
				{nodes.length > 0 ? (
					<Link to={toggleAll} preventScrollReset className="button button--outline">
						{expanded ? TREE_LABELS.collapseAll : TREE_LABELS.expandAll}
					</Link>
				) : null}
			</div>
			{nodes.length === 0 ? (
				<p className="empty">No technologies recorded</p>
			) : (
				// A new key per mode: Expand all / Collapse all reset every node the reader opened or closed.
				<div className="technology-tree__scroll" key={expanded ? 'expanded' : 'collapsed'}>
					<ul>
						{nodes.map((node) => (
							<TreeNode key={node.slug} node={node} expanded={expanded} />
						))}
					</ul>
				</div>
			)}
		</section>
	)
}

function NodeLink({ node }: { node: TechnologyNode }) {
	return (
		<a href={nodePath(node)} target="_blank" rel="noopener">
			{node.name}
		</a>
	)
}

function TreeNode({ node, expanded }: { node: TechnologyNode; expanded: boolean }) {
	if (node.children.length === 0) {
		return (
			<li className="technology-tree__leaf">
				<NodeLink node={node} />
			</li>
		)
	}
	// The summary toggles and the name is a link: a link inside a summary would be one control
	// inside another (axe nested-interactive), so the name sits beside the summary instead.
	return (
		<li className="technology-tree__branch">
			<details open={expanded}>
				<summary>
					<span className="technology-tree__marker" aria-hidden="true">
						▸
					</span>
					<span className="visually-hidden">{TREE_LABELS.nodeToggle(node.name)}</span>
				</summary>
				<ul>
					{node.children.map((child) => (
						<TreeNode key={child.slug} node={child} expanded={expanded} />
					))}
				</ul>
			</details>
			<NodeLink node={node} />
		</li>
	)
}
