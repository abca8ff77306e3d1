import { Fragment, type ReactNode } from 'react'

/** A definition list of an entity's facts; empty ones are left out. */
export function Facts({ facts, label }: { facts: [term: string, value: ReactNode][]; label?: string }) {
	const shown = facts.filter(([, value]) => value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0))
	if (shown.length === 0) return null
	return (
		<dl className="entity-facts" aria-label={label}>
			{shown.map(([term, value]) => (
				<Fragment key={term}>
					<dt>{term}</dt>
					<dd>{value}</dd>
				</Fragment>
			))}
		</dl>
	)
}

/** A website as a fact: its address without the scheme, opening in a new tab. */
export function WebsiteLink({ url }: { url: string }) {
	return (
		<a href={url} target="_blank" rel="noopener noreferrer">
			{url.replace(/^https?:\/\//, '')}
		</a>
	)
}
