import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import type { ReactNode } from 'react'
import { Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { EntityPageView } from '~/components/entities/EntityPageView.tsx'
import { Facts } from '~/components/entities/Facts.tsx'
import { entityPageMeta } from '~/components/entities/meta.ts'
import { entityStyles } from '~/components/entities/styles.ts'
import { NoAccessPanel } from '~/components/NoAccessPanel.tsx'
import { entityPageResponse } from '~/lib/entity-pages.server.ts'
import { detailsOf, entityPath } from '~/lib/entity-pages.ts'
import { formatDate } from '~/lib/format.ts'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'
import { MESSAGES } from '../../contract/constants.ts'
import type { MergerDetails } from '../../contract/entities.ts'
import { formatMillions, formatOneDecimal } from '../../contract/format.ts'
import type { Link as EntityLink } from '../../contract/common.ts'

/**
 * A deal of the mergers index (spec 001 §3 merger hit): its parties linked to their company
 * pages, year, stake, price, the target's revenue and profit, countries, acquiror type and
 * the analysts' notes. Opened under the index's rule: readers without strategy access go to
 * the home page; the API sends the figures only to readers who may use the index.
 */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
	if (!data) return entityPageMeta(data, error)
	const details = detailsOf('mergers', data.entity)
	return entityPageMeta(data, error, { collection: false, description: `${details.acquirorName} acquires ${details.targetName} (${details.year}).` })
}

export const headers = reuseLoaderHeaders

export const links = entityStyles

export async function loader(args: LoaderFunctionArgs) {
	return entityPageResponse(args, 'mergers')
}

type Party = 'target' | 'vendor' | 'acquiror'

/** The party's company page when it has one, else its name as recorded on the deal. */
function party(details: MergerDetails, role: Party, name: string | null | undefined): ReactNode {
	const companies = (details.companies ?? []).filter((company) => company.role === role)
	if (companies.length > 0)
		return companies.map((company, index) => (
			<span key={company.slug}>
				{index > 0 ? ', ' : null}
				<Link to={entityPath('companies', company.slug)}>{company.name}</Link>
			</span>
		))
	return name ?? null
}

const country = (link: EntityLink | null | undefined) => (link ? <Link to={entityPath('geographies', link.slug)}>{link.name}</Link> : null)

const money = (value: number | null | undefined, currency: string | null | undefined) => (typeof value === 'number' ? formatMillions(value, currency ?? 'USD') : null)

export default function Merger() {
	const page = useLoaderData<typeof loader>()
	const details = detailsOf('mergers', page.entity)
	// The description is the deal's notes: shown under their own heading, not as a standfirst.
	const shown = { ...page, entity: { ...page.entity, description: null } }
	return (
		<EntityPageView page={shown} eyebrow={`Merger and acquisition · ${details.year}`}>
			{page.entity.hasAccess ? (
				<section className="merger-deal" aria-labelledby="merger-deal-heading">
					<h2 id="merger-deal-heading">Deal</h2>
					<Facts
						label="Deal details"
						facts={[
							['Target', party(details, 'target', details.targetName)],
							['Vendor', party(details, 'vendor', details.vendorName)],
							['Acquiror', party(details, 'acquiror', details.acquirorName)],
							['Year', details.year],
							['Announced', details.announcedDate ? formatDate(details.announcedDate) : null],
							['Status', details.status],
							['Sector', details.mergerSector],
							['Acquiror type', details.acquirorType],
							['Percent acquired', typeof details.percentAcquired === 'number' ? `${formatOneDecimal(details.percentAcquired)}%` : null],
							['Price (local)', money(details.priceLocal, details.priceCurrency)],
							['Price (US$)', money(details.priceDollars, 'USD')],
							['Revenue', money(details.revenue, details.revenueCurrency)],
							['Profit', money(details.profit, details.profitCurrency)],
							['Target country', country(details.targetCountry)],
							['Vendor country', country(details.vendorCountry)],
							['Acquiror country', country(details.acquirorCountry)],
						]}
					/>
					{page.entity.description ? (
						<>
							<h2>Notes</h2>
							<p className="merger-deal__notes">{page.entity.description}</p>
						</>
					) : null}
				</section>
			) : (
				<NoAccessPanel message={page.noAccessMessage ?? MESSAGES.noAccess} gate={page.gate} />
			)}
		</EntityPageView>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
