import { Link } from '@remix-run/react'
import type { ShownCrumb } from '~/lib/breadcrumbs.ts'

/** Strategist-mode breadcrumbs, already truncated and elided (app/lib/breadcrumbs.ts). */
export function Breadcrumbs({ crumbs }: { crumbs: ShownCrumb[] }) {
	return (
		<nav aria-label="Breadcrumb" className="breadcrumbs">
			<ol>
				{crumbs.map((crumb, index) => {
					const last = index === crumbs.length - 1
					return (
						<li key={`${index}-${crumb.label}`} className={crumb.elided ? 'breadcrumbs__elided' : undefined}>
							{crumb.href && !last ? (
								<Link to={crumb.href} title={crumb.title} aria-label={crumb.elided ? `Earlier levels: ${crumb.title}` : undefined}>
									{crumb.label}
								</Link>
							) : (
								<span title={crumb.title} aria-current={last ? 'page' : undefined}>
									{crumb.label}
								</span>
							)}
						</li>
					)
				})}
			</ol>
		</nav>
	)
}
