/** The stats card (tiles, or a company's financial indicators) and the company info card (spec 001 §2). */
import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { CompanyInfo, StatItem } from '../../../contract/cards.ts'
import { CardHeader, formatMillions, MoreList, NO_DATA, SmartLink } from './parts.tsx'
import type { CardProps } from './types.ts'
import { currencySymbol, formatMoney, formatNumber } from '../../../contract/format.ts'

/** Spec 000 §8 / 001 §8 texts of the financial stats card. */
export const NO_COMPANY_DATA = 'No data is available for this company'

type StatsConfig = { title?: string; items?: StatItem[]; companySlug?: string; forbidden?: boolean; lastUpdated?: { year: number } | null; footnote?: string }

/** A figure as its tile shows it: money with its currency and unit, or the value as given. */
export function statValue(item: StatItem): string {
	if (item.value === null || item.value === undefined || item.value === '') return '-'
	const unit = item.unit ? ` ${item.unit}` : ''
	const currency = item.layout === 'Currency' ? item.currency : null
	if (typeof item.value === 'number') return `${currency ? formatMoney(item.value, currency, { symbol: 'narrow', maximumFractionDigits: 1 }) : formatNumber(item.value, { maximumFractionDigits: 1 })}${unit}`
	return currency ? `${currencySymbol(currency)}${item.value}${unit}` : `${item.value}${unit}`
}

/** Tiles of figures. A company's stats are hidden entirely when the reader may not see them (Forbidden). */
export function StatsCard({ config }: CardProps<StatsConfig>) {
	if (config.forbidden) return null
	const items = config.items ?? []
	return (
		<section className="card card--stats">
			<CardHeader title={config.title} />
			{items.length === 0 ? (
				<p className="empty">{config.companySlug ? NO_COMPANY_DATA : NO_DATA}</p>
			) : (
				<dl className="stats">
					{items.map((item, index) => (
						<div key={`${item.label}-${index}`} className="stat">
							<dt>{item.label}</dt>
							<dd className="stat__value">{statValue(item)}</dd>
							{item.subtitle ? <dd className="stat__subtitle">{item.subtitle}</dd> : null}
							{item.tileFooter || item.tileFooterRight ? (
								<dd className="stat__footer">
									<span>{item.tileFooter}</span>
									<span>{item.tileFooterRight}</span>
								</dd>
							) : null}
						</div>
					))}
				</dl>
			)}
			{config.lastUpdated ? <p className="card__notes">Latest figures: {config.lastUpdated.year}</p> : null}
			{config.footnote ? <p className="card__notes">{config.footnote}</p> : null}
		</section>
	)
}

type CompanyConfig = { title?: string; company?: CompanyInfo | null }

/** Company details and activities: Expertise, Sectors, Chemicals, Project types, Services. */
export function CompanyInfoCard({ config }: CardProps<CompanyConfig>) {
	const company = config.company
	if (!company) return null
	const activities: [string, ReactNode[]][] = [
		['Expertise', company.expertises.map((expertise) => (expertise.pageSlug ? <Link key={expertise.pageSlug} to={`/pages/${expertise.pageSlug}`}>{expertise.name}</Link> : expertise.name))],
		['Sectors', company.industries.map((industry) => <Link key={industry.slug} to={`/industries/${industry.slug}`}>{industry.name}</Link>)],
		['Chemicals', company.chemicals],
		['Project types', company.engineeringProjectTypes],
		['Services', company.services],
	]
	return (
		<section className="card card--company">
			<CardHeader title={config.title ?? company.name} />
			<div className="company-card__intro">
				{company.logo ? <img src={company.logo} alt="" width="64" height="64" loading="lazy" /> : null}
				{company.description ? <p>{company.description}</p> : null}
			</div>
			<dl className="company-card__details">
				{company.fullCompanyName ? <Detail term="Full name">{company.fullCompanyName}</Detail> : null}
				{company.companyNameAlias ? <Detail term="Also known as">{company.companyNameAlias}</Detail> : null}
				{company.headquartersCountry ? (
					<Detail term="Headquarters">
						<Link to={`/geographies/${company.headquartersCountry.slug}`}>{company.headquartersCountry.name}</Link>
					</Detail>
				) : null}
				{company.waterRevenueDollars !== undefined && company.waterRevenueDollars !== null ? (
					<Detail term="Water revenue">
						{formatMillions(company.waterRevenueDollars)}
						{company.waterRevenueCurrency && company.waterRevenueCurrency !== 'USD' ? ` (${formatMillions(company.waterRevenue, company.waterRevenueCurrency)})` : ''}
					</Detail>
				) : null}
				{company.primaryExchange ? <Detail term="Primary exchange">{company.primaryExchange}</Detail> : null}
				{company.website ? (
					<Detail term="Website">
						<SmartLink to={company.website}>{company.website.replace(/^https?:\/\/(www\.)?/, '')}</SmartLink>
					</Detail>
				) : null}
			</dl>
			<div className="company-card__activities">
				{activities
					.filter(([, items]) => items.length > 0)
					.map(([name, items]) => (
						<div key={name} className="company-card__activity">
							<h3>{name}</h3>
							<MoreList items={items} />
						</div>
					))}
			</div>
			<Link to={`/companies/${company.slug}`} className="card__more">
				Company profile
			</Link>
		</section>
	)
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
	return (
		<div>
			<dt>{term}</dt>
			<dd>{children}</dd>
		</div>
	)
}
