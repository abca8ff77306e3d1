import { Link } from '@remix-run/react'
import type { Opportunity } from '../../../contract/opportunities.ts'
import { OPPORTUNITY_EXCHANGE_PATH, OPPORTUNITY_MESSAGES } from '../../../contract/opportunities-exchange.ts'
import { formatDate } from '~/lib/format.ts'
import { formatMoney } from '../../../contract/format.ts'

/** An opportunity's page (published or draft): what is offered, by whom, where, until when and whom to write to. */
export function OpportunityView({ opportunity, created }: { opportunity: Opportunity; created: string | null }) {
	return (
		<article className="opportunity-page">
			{created ? (
				<p className="notice notice--success" role="status">
					{created}
				</p>
			) : null}
			{opportunity.isDraft ? (
				<p className="notice" role="note">
					{OPPORTUNITY_MESSAGES.draftNotice}
				</p>
			) : null}
			<p>
				<Link to={OPPORTUNITY_EXCHANGE_PATH}>Opportunity exchange</Link>
			</p>
			<h1>{opportunity.name}</h1>
			<dl className="opportunity-facts">
				<dt>Category</dt>
				<dd>{opportunity.category}</dd>
				<dt>Offered by</dt>
				<dd>{opportunity.organisation}</dd>
				<dt>Country</dt>
				<dd>{[opportunity.country, opportunity.region].filter(Boolean).join(', ')}</dd>
				<dt>Estimated value</dt>
				<dd>{opportunity.valueUsdM === null ? 'Not given' : `${formatMoney(opportunity.valueUsdM, 'USD', { maximumFractionDigits: 3 })}m`}</dd>
				<dt>Closing date</dt>
				<dd>{opportunity.closingDate ? formatDate(opportunity.closingDate) : 'Open until filled'}</dd>
				<dt>Published</dt>
				<dd>{formatDate(opportunity.publishedDate)}</dd>
				<dt>Contact</dt>
				<dd>
					<a href={`mailto:${opportunity.contactEmail}?subject=${encodeURIComponent(opportunity.name)}`}>{opportunity.contactEmail}</a>
				</dd>
				{opportunity.project ? (
					<>
						<dt>Project</dt>
						<dd>
							<Link to={`/projects/${opportunity.project.slug}`}>{opportunity.project.name}</Link>
						</dd>
					</>
				) : null}
			</dl>
			<div className="opportunity-description">
				{opportunity.description.split(/\n{2,}/).map((paragraph, i) => (
					<p key={i}>{paragraph}</p>
				))}
			</div>
		</article>
	)
}
