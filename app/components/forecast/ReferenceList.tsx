import type { ReactNode } from 'react'
import type { ReferencePage } from '~/lib/forecast-reference.server.ts'
import { STRATEGIST_BENEFITS } from '~/lib/no-access.ts'
import { NoAccessPanel } from '../NoAccessPanel.tsx'

/** A reference page of the forecasts: an accordion of named items, or the no-access panel. */
export function ReferenceList({ title, page, intro, empty, error }: { title: string; page: ReferencePage; intro?: ReactNode; empty: string; error: string }) {
	return (
		<article className="forecast-reference">
			<h1>{title}</h1>
			{page.noAccess ? (
				<NoAccessPanel message={page.noAccess.message} gate={page.noAccess.gate} benefits={STRATEGIST_BENEFITS} />
			) : (
				<>
					{intro}
					{page.items === null ? <p role="alert">{error}</p> : page.items.length === 0 ? <p>{empty}</p> : null}
					{page.items?.map((item) => (
						<details key={item.slug} id={item.slug}>
							<summary>{item.name}</summary>
							<p>{item.description}</p>
						</details>
					))}
				</>
			)}
		</article>
	)
}
