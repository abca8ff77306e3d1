import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import type { ReactNode } from 'react'
import { Link as RouterLink, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { EntityPageView } from '~/components/entities/EntityPageView.tsx'
import { Facts } from '~/components/entities/Facts.tsx'
import { entityPageMeta } from '~/components/entities/meta.ts'
import { entityStyles } from '~/components/entities/styles.ts'
import type { UtilityDetails } from '~/lib/api-types.ts'
import { loadEntityPage, pageResponse } from '~/lib/entity-pages.server.ts'
import { detailsOf, entityPath } from '~/lib/entity-pages.ts'
import { formatCount } from '~/lib/format.ts'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'
import { absoluteUrl } from '~/lib/seo.ts'

/**
 * A utility page (spec 001 §2): "shows name and description, or slices in strategist mode".
 * Its figures (population served, non-revenue water...) are Strategist data: the API sends
 * them only to readers with access.
 */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
	if (!data) return entityPageMeta(data, error)
	const details = detailsOf<UtilityDetails>(data.entity)
	return entityPageMeta(data, error, {
		collection: false,
		jsonLd: [
			{
				'@context': 'https://schema.org',
				'@type': 'Organization',
				name: data.entity.name,
				description: data.entity.description ?? undefined,
				url: absoluteUrl(data.origin, data.canonicalPath),
				sameAs: details.website ? [details.website] : undefined,
				address: details.headquartersCountry ? { '@type': 'PostalAddress', addressCountry: details.headquartersCountry.slug.toUpperCase() } : undefined,
			},
		],
	})
}

export const headers = reuseLoaderHeaders

export const links = entityStyles

export async function loader(args: LoaderFunctionArgs) {
	const { page } = await loadEntityPage(args, 'utilities')
	return pageResponse(args.request, page)
}

const people = (value: number | null | undefined) => (typeof value === 'number' ? `${formatCount(value)} people` : null)

export default function Utility() {
	const page = useLoaderData<typeof loader>()
	const details = detailsOf<UtilityDetails>(page.entity)
	return (
		<EntityPageView
			page={page}
			eyebrow="Utility"
			headerExtra={
				<Facts
					label="Utility details"
					facts={[
						['Country', details.headquartersCountry ? <RouterLink to={entityPath('geographies', details.headquartersCountry.slug)}>{details.headquartersCountry.name}</RouterLink> : null],
						...(page.strategistMode
							? ([
									['State/Province', details.utilityState],
									['Region', details.projectRegion],
									['Ownership', details.utilityOwnershipType],
									['Services', details.utilityServices?.join(', ')],
									['Water population', people(details.waterPopulation)],
									['Wastewater population', people(details.wastewaterPopulation)],
									['Non-revenue water', typeof details.nonRevenueWater === 'number' ? `${details.nonRevenueWater}%` : null],
									[
										'Website',
										details.website ? (
											<a href={details.website} target="_blank" rel="noopener noreferrer">
												{details.website.replace(/^https?:\/\//, '')}
											</a>
										) : null,
									],
								] as [string, ReactNode][])
							: []),
					]}
				/>
			}
		/>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
