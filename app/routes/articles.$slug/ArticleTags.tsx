import { Link } from '@remix-run/react'
import type { Article } from '../../../contract/articles.ts'
import type { Link as EntityLink } from '../../../contract/common.ts'

/** Tag groups of an article and the route prefix of each (spec 000 route table). */
const TAG_GROUPS = [
	['companies', 'Companies', '/companies'],
	['projects', 'Projects', '/projects'],
	['geographies', 'Markets', '/geographies'],
	['industries', 'Sectors', '/industries'],
	['technologies', 'Technologies', '/technologies'],
	['topics', 'Topics', '/topics'],
	['events', 'Events', '/events'],
] as const satisfies readonly (readonly [keyof Article, string, string])[]

export function ArticleTags({ article }: { article: Article }) {
	const groups = TAG_GROUPS.map(([key, label, prefix]) => ({ label, prefix, items: article[key] as EntityLink[] })).filter((group) => group.items.length > 0)
	if (groups.length === 0) return null
	return (
		<footer className="article__tags">
			{groups.map((group) => (
				<div key={group.label} className="tag-group">
					<h2>{group.label}</h2>
					<ul>
						{group.items.map((item) => (
							<li key={item.slug}>
								<Link to={`${group.prefix}/${item.slug}`} className="tag">
									{item.name}
								</Link>
							</li>
						))}
					</ul>
				</div>
			))}
		</footer>
	)
}
