import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { EntityPageView } from '~/components/entities/EntityPageView.tsx'
import { ItemList } from '~/components/entities/ItemList.tsx'
import { entityPageMeta } from '~/components/entities/meta.ts'
import { entityStyles } from '~/components/entities/styles.ts'
import { entityPageResponse } from '~/lib/entity-pages.server.ts'
import { detailsOf, entityPath } from '~/lib/entity-pages.ts'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'

/** A technology page: its technology types (links for Strategists), cards or slices, and articles. */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => entityPageMeta(data, error)

export const headers = reuseLoaderHeaders

export const links = entityStyles

export async function loader(args: LoaderFunctionArgs) {
	return entityPageResponse(args, 'technologies')
}

export default function Technology() {
	const page = useLoaderData<typeof loader>()
	const types = detailsOf('technologies', page.entity).technologyTypes ?? []
	return (
		<EntityPageView
			page={page}
			eyebrow="Technology"
			headerExtra={
				// Technology type pages are strategist-only: others see the names without links to /.
				<ItemList level={2} title="Technology types" items={types.map((type) => ({ label: type.name, href: page.canOpenStrategistPages ? entityPath('technology-types', type.slug) : null }))} />
			}
		/>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
