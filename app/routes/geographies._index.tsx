import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { CountryPicker, useCountryPickerGroups } from '~/components/CountryPicker.tsx'
import { EntityListView } from '~/components/entities/EntityListView.tsx'
import { entityListMeta } from '~/components/entities/list-meta.ts'
import { entityStyles } from '~/components/entities/styles.ts'
import { parseUrlParams } from '../../contract/query.ts'
import { COUNTRY_PICKER_PARAM } from '~/lib/country-picker.ts'
import { CountryPickerSchema } from '~/lib/country-picker-schema.ts'
import { loadEntityList, pageResponse } from '~/lib/entity-pages.server.ts'
import { entityPath, GEOGRAPHY_LOAD_ERROR } from '~/lib/entity-pages.ts'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'

/**
 * The geography index: the country picker, the regions, and every geography paged. The
 * picker submits here (?country={code}) and goes on to /geographies/{code}; an empty or
 * malformed choice stays on the index ("submit does nothing without a selection").
 */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => entityListMeta(data, error)

export const headers = reuseLoaderHeaders

export const links = entityStyles

export async function loader(args: LoaderFunctionArgs) {
	const url = new URL(args.request.url)
	if (url.searchParams.has(COUNTRY_PICKER_PARAM)) {
		const code = parseUrlParams(CountryPickerSchema, url.searchParams)[COUNTRY_PICKER_PARAM]
		throw redirect(code ? entityPath('geographies', code) : '/geographies')
	}
	return pageResponse(args.request, await loadEntityList(args, 'geographies'))
}

export default function Geographies() {
	const list = useLoaderData<typeof loader>()
	const picker = useCountryPickerGroups()
	return (
		<EntityListView
			list={list}
			intro={
				picker ? (
					<>
						<CountryPicker groups={picker} />
						<nav className="region-links" aria-label="Regions">
							<h2 className="item-list__title">Regions</h2>
							<ul className="inline-links">
								{picker.map((group) => (
									<li key={group.region.slug}>
										<Link to={entityPath('geographies', group.region.slug)}>{group.region.name}</Link>
									</li>
								))}
							</ul>
						</nav>
					</>
				) : (
					<p className="warning">{GEOGRAPHY_LOAD_ERROR}</p>
				)
			}
		/>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
