/**
 * Company, utility and merger search cards (spec 001 §2, §3). Names are for everyone;
 * utility and deal figures, and company water revenue, only reach Strategist readers.
 */
import { Link } from '@remix-run/react'
import type { CompanyHit, MergerHit, UtilityHit } from '../../../contract/cards.ts'
import { MESSAGES } from '../../../contract/constants.ts'
import { CardHeader, formatMillions } from './parts.tsx'
import type { CardProps } from './types.ts'
import { formatNumber, resultsCount } from '../../../contract/format.ts'

const population = (value: number | null | undefined) => (value === null || value === undefined ? '-' : formatNumber(value))

function Locked() {
	return (
		<p className="card__locked">
			{MESSAGES.strategistRequired}. <Link to="/memberships">Find out more</Link>
		</p>
	)
}

type CompanyConfig = { title?: string; companies?: CompanyHit[]; totalHits?: number; indexAccess?: boolean; seeMoreLink?: string }

export function CompanySearchCard({ config }: CardProps<CompanyConfig>) {
	const companies = config.companies ?? []
	const revenue = companies.some((company) => company.waterRevenueDollars !== undefined)
	return (
		<section className="card card--companies">
			<CardHeader title={config.title ?? 'Companies'} seeMoreLink={config.seeMoreLink ?? (config.indexAccess ? '/companies' : null)} seeMoreText="All companies" />
			{companies.length === 0 ? (
				<p className="empty">{MESSAGES.noResults}</p>
			) : (
				<>
					{config.totalHits !== undefined ? (
						<p className="card__count">
							{resultsCount(companies.length, config.totalHits)}
						</p>
					) : null}
					<ul className="hit-list">
						{companies.map((company) => (
							<li key={company.slug}>
								<Link to={`/companies/${company.slug}`} className="hit-list__name">
									{company.name}
								</Link>
								<span className="hit-list__meta">
									{[company.headquartersCountry, company.expertises.slice(0, 3).join(', ')].filter(Boolean).join(' · ')}
								</span>
								{revenue ? <span className="hit-list__figure">Water revenue: {formatMillions(company.waterRevenueDollars)}</span> : null}
							</li>
						))}
					</ul>
				</>
			)}
		</section>
	)
}

type UtilityConfig = { title?: string; utilities?: UtilityHit[]; hasAccess?: boolean; seeMoreLink?: string }

export function UtilitySearchCard({ config }: CardProps<UtilityConfig>) {
	const utilities = config.utilities ?? []
	return (
		<section className="card card--utilities">
			<CardHeader title={config.title ?? 'Utilities'} seeMoreLink={config.seeMoreLink ?? (config.hasAccess ? '/utilities' : null)} seeMoreText="All utilities" />
			{utilities.length === 0 ? (
				<p className="empty">{MESSAGES.noResults}</p>
			) : (
				<ul className="hit-list">
					{utilities.map((utility) => (
						<li key={utility.slug}>
							{utility.hasAccess ? (
								<Link to={`/utilities/${utility.slug}`} className="hit-list__name">
									{utility.name}
								</Link>
							) : (
								<span className="hit-list__name">{utility.name}</span>
							)}
							<span className="hit-list__meta">{[utility.headquartersCountry, utility.utilityState, utility.utilityOwnershipType].filter(Boolean).join(' · ')}</span>
							{utility.hasAccess ? (
								<span className="hit-list__figure">
									Water population {population(utility.waterPopulation)} · Wastewater population {population(utility.wastewaterPopulation)}
									{utility.nonRevenueWater !== null && utility.nonRevenueWater !== undefined ? ` · Non-revenue water ${formatNumber(utility.nonRevenueWater, { maximumFractionDigits: 1 })}%` : ''}
								</span>
							) : null}
						</li>
					))}
				</ul>
			)}
			{config.hasAccess === false && utilities.length > 0 ? <Locked /> : null}
		</section>
	)
}

type MergerConfig = { title?: string; mergers?: MergerHit[]; hasAccess?: boolean; seeMoreLink?: string }

export function MergerSearchCard({ config }: CardProps<MergerConfig>) {
	const mergers = config.mergers ?? []
	return (
		<section className="card card--mergers">
			<CardHeader title={config.title ?? 'Mergers and acquisitions'} seeMoreLink={config.seeMoreLink ?? (config.hasAccess ? '/mergers' : null)} seeMoreText="All deals" />
			{mergers.length === 0 ? (
				<p className="empty">{MESSAGES.noResults}</p>
			) : (
				<ul className="hit-list">
					{mergers.map((merger) => (
						<li key={merger.slug}>
							<span className="hit-list__name">{merger.name}</span>
							<span className="hit-list__meta">{[String(merger.year), merger.targetCountry, merger.status].filter(Boolean).join(' · ')}</span>
							{merger.hasAccess && merger.priceDollars !== null && merger.priceDollars !== undefined ? (
								<span className="hit-list__figure">Price: {formatMillions(merger.priceDollars)}</span>
							) : null}
						</li>
					))}
				</ul>
			)}
			{config.hasAccess === false && mergers.length > 0 ? <Locked /> : null}
		</section>
	)
}
