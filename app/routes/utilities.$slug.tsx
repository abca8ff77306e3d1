import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import type { ReactNode } from 'react'
import { Link as RouterLink, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { EntityPageView } from '~/components/entities/EntityPageView.tsx'
import { Facts, WebsiteLink } from '~/components/entities/Facts.tsx'
import { entityPageMeta, organizationJsonLd } from '~/components/entities/meta.ts'
import { entityStyles } from '~/components/entities/styles.ts'
import { entityPageResponse } from '~/lib/entity-pages.server.ts'
import { detailsOf, entityPath } from '~/lib/entity-pages.ts'
import { formatCount } from '~/lib/format.ts'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'

/**
 * A utility page (spec 001 §2): "shows name and description, or slices in strategist mode".
 * Its figures (population served, non-revenue water...) are Strategist data: the API sends
 * them only to readers with access.
 */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
	if (!data) return entityPageMeta(data, error)
	return entityPageMeta(data, error, { collection: false, jsonLd: [organizationJsonLd(data, detailsOf('utilities', data.entity))] })
}

export const headers = reuseLoaderHeaders

export const links = entityStyles

export async function loader(args: LoaderFunctionArgs) {
	return entityPageResponse(args, 'utilities')
}

const people = (value: number | null | undefined) => (typeof value === 'number' ? `${formatCount(value)} people` : null)

export default function Utility() {
	const page = useLoaderData<typeof loader>()
	const details = detailsOf('utilities', page.entity)
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
									['Website', details.website ? <WebsiteLink url={details.website} /> : null],
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
