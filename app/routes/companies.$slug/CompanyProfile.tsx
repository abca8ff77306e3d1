import { Link } from '@remix-run/react'
import { formatMillions } from '~/components/cards/parts.tsx'
import { Facts, WebsiteLink } from '~/components/entities/Facts.tsx'
import { ItemList } from '~/components/entities/ItemList.tsx'
import type { CompanyDetails } from '../../../contract/entities.ts'
import { entityPath } from '~/lib/entity-pages.ts'

/** The company details card (spec 001 §2): names, headquarters, revenue (Strategists), website, exchange. */
export function CompanyDetailsCard({ details }: { details: CompanyDetails }) {
	// Held in millions; read as the company info card reads it (spec 001: "Billion" and "Million").
	const revenue =
		typeof details.waterRevenue === 'number' && details.waterRevenueCurrency
			? `${formatMillions(details.waterRevenue, details.waterRevenueCurrency)}${
					details.waterRevenueCurrency !== 'USD' && typeof details.waterRevenueDollars === 'number' ? ` (${formatMillions(details.waterRevenueDollars)})` : ''
				}`
			: null
	return (
		<section className="entity-section" aria-labelledby="company-details-title">
			<h2 id="company-details-title">Company details</h2>
			<Facts
				facts={[
					['Full name', details.fullCompanyName],
					['Also known as', details.companyNameAlias],
					['Headquarters', details.headquartersCountry ? <Link to={entityPath('geographies', details.headquartersCountry.slug)}>{details.headquartersCountry.name}</Link> : null],
					['Water revenue', revenue],
					['Website', details.website ? <WebsiteLink url={details.website} /> : null],
					['Primary exchange', details.primaryExchange],
				]}
			/>
		</section>
	)
}

/** The company activities card (spec 001 §2): "Expertise, Sectors, Chemicals, Project types, Services. Lists show 3 entries before 'More...'". */
export function CompanyActivitiesCard({ details }: { details: CompanyDetails }) {
	const plain = (values: string[]) => values.map((label) => ({ label }))
	const lists = [
		{ title: 'Expertise', items: details.expertises.map((expertise) => ({ label: expertise.name, href: expertise.pageSlug ? `/pages/${expertise.pageSlug}` : null })) },
		{ title: 'Sectors', items: details.industries.map((industry) => ({ label: industry.name, href: entityPath('industries', industry.slug) })) },
		{ title: 'Chemicals', items: plain(details.chemicals) },
		{ title: 'Project types', items: plain(details.engineeringProjectTypes) },
		{ title: 'Services', items: plain(details.services) },
		{ title: 'Digital products', items: plain(details.digitalProducts) },
	].filter((list) => list.items.length > 0)
	if (lists.length === 0) return null
	return (
		<section className="entity-section" aria-labelledby="company-activities-title">
			<h2 id="company-activities-title">Activities</h2>
			{lists.map((list) => (
				<ItemList key={list.title} title={list.title} items={list.items} />
			))}
		</section>
	)
}
