/**
 * Breadcrumbs of the strategist layout (spec 000 §2 "Entity pages"): "label truncated to 30
 * characters plus ellipsis; with more than 4 levels the earlier ones are elided". The full
 * trail also goes to search engines as a schema.org BreadcrumbList.
 */
import { absoluteUrl } from './seo.ts'

/** "label truncated to 30 characters" */
export const BREADCRUMB_LABEL_MAX = 30
/** "with more than 4 levels the earlier ones are elided" */
export const BREADCRUMB_MAX_LEVELS = 4
export const ELLIPSIS = '…'

/** One level of a trail; the last (the page itself) has no link. */
export type Crumb = { label: string; href?: string }
/** A crumb as shown: `title` keeps the full label of a truncated one; `elided` stands for the hidden levels. */
export type ShownCrumb = Crumb & { title?: string; elided?: boolean }

export function truncateLabel(label: string) {
	return label.length > BREADCRUMB_LABEL_MAX ? `${label.slice(0, BREADCRUMB_LABEL_MAX).trimEnd()}${ELLIPSIS}` : label
}

/**
 * The trail as shown: beyond 4 levels the earlier ones become one ellipsis (linking to the
 * nearest hidden level, so nothing becomes unreachable), and long labels are cut.
 */
export function shownBreadcrumbs(trail: Crumb[]): ShownCrumb[] {
	const hidden = trail.length > BREADCRUMB_MAX_LEVELS ? trail.slice(0, trail.length - BREADCRUMB_MAX_LEVELS) : []
	const visible = trail.slice(hidden.length)
	const shown: ShownCrumb[] = visible.map((crumb) => {
		const label = truncateLabel(crumb.label)
		return label === crumb.label ? crumb : { ...crumb, label, title: crumb.label }
	})
	if (hidden.length === 0) return shown
	const nearest = hidden[hidden.length - 1]
	return [{ label: ELLIPSIS, href: nearest.href, title: hidden.map((crumb) => crumb.label).join(' › '), elided: true }, ...shown]
}

/** schema.org BreadcrumbList of the whole trail, with absolute URLs (the last item is the page). */
export function breadcrumbJsonLd(trail: Crumb[], origin: string, canonical: string) {
	return {
		'@context': 'https://schema.org',
		'@type': 'BreadcrumbList',
		itemListElement: trail.map((crumb, index) => ({
			'@type': 'ListItem',
			position: index + 1,
			name: crumb.label,
			item: crumb.href ? absoluteUrl(origin, crumb.href) : canonical,
		})),
	}
}
