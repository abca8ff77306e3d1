import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link as RouterLink, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { CountryPicker, useCountryPickerGroups } from '~/components/CountryPicker.tsx'
import { EntityPageView } from '~/components/entities/EntityPageView.tsx'
import { ItemList } from '~/components/entities/ItemList.tsx'
import { entityPageMeta } from '~/components/entities/meta.ts'
import { entityStyles } from '~/components/entities/styles.ts'
import { entityPageResponse } from '~/lib/entity-pages.server.ts'
import { detailsOf, entityPath, GEOGRAPHY_LOAD_ERROR } from '~/lib/entity-pages.ts'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'

/**
 * A geography page (slug: a country or region code): the country picker, a region's
 * countries or a country's region, its cards or slices, and its articles. An old code
 * (/geographies/uk) is a legacy redirect (loadEntityPage consults the table before 404).
 */
export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
	entityPageMeta(data, error, {
		jsonLd: data
			? [{ '@context': 'https://schema.org', '@type': 'Place', name: data.entity.name, description: data.entity.description ?? undefined }]
			: [],
	})

export const headers = reuseLoaderHeaders

export const links = entityStyles

export async function loader(args: LoaderFunctionArgs) {
	return entityPageResponse(args, 'geographies', {
		ancestors: (entity) => {
			const { region } = detailsOf('geographies', entity)
			return region ? [{ label: region.name, href: entityPath('geographies', region.slug) }] : []
		},
	})
}

export default function Geography() {
	const page = useLoaderData<typeof loader>()
	const picker = useCountryPickerGroups()
	const details = detailsOf('geographies', page.entity)
	const { region, countries } = details
	return (
		<EntityPageView
			page={page}
			eyebrow={details.isRegion ? 'Region' : 'Country'}
			headerExtra={
				<>
					{region ? (
						<p className="entity-header__links">
							Region: <RouterLink to={entityPath('geographies', region.slug)}>{region.name}</RouterLink>
						</p>
					) : null}
					<ItemList level={2} title="Countries" items={countries.map((country) => ({ label: country.name, href: entityPath('geographies', country.slug) }))} />
					{picker ? <CountryPicker groups={picker} current={page.entity.slug} /> : <p className="warning">{GEOGRAPHY_LOAD_ERROR}</p>}
				</>
			}
		/>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
