import { Link } from '@remix-run/react'
import { Facts } from '~/components/entities/Facts.tsx'
import type { ProjectDetails } from '../../../contract/entities.ts'
import { entityPath } from '~/lib/entity-pages.ts'
import { formatDate } from '~/lib/format.ts'
import { projectCapacity, projectCost, usdMillions } from './format.ts'

const list = (values: string[] | undefined) => (values && values.length > 0 ? values.join(', ') : null)

/** A project's Project Tracker record (spec 000 §3 Project), for readers with access. */
export function ProjectFacts({ details }: { details: ProjectDetails }) {
	const history = details.history ?? []
	return (
		<div className="entity-sections">
			<section className="entity-section" aria-labelledby="project-details">
				<h2 id="project-details">Project details</h2>
				<Facts
					facts={[
						['Progress', details.progress],
						['Status', details.shortStatus],
						['Client', details.clientName],
						['Utility', details.utility ? <Link to={entityPath('utilities', details.utility.slug)}>{details.utility.name}</Link> : null],
						['Categories', list(details.categories)],
						['Subcategories', list(details.subcategories)],
						['Project types', list(details.projectTypes)],
						['Build type', details.buildType],
						['Capacity', projectCapacity(details)],
						['Expected cost', projectCost(details.expectedCost)],
						['Cost basis', details.expectedCost?.description],
						['Structure', details.structure],
						['Disposal routes', list(details.disposalRoutes)],
						['Treatment levels', list(details.treatmentLevels)],
						['Region', details.region],
						['State', details.state],
						['Date added', formatDate(details.dateAdded)],
						['Last updated', formatDate(details.dateLastModified)],
						['Archived', details.isArchived ? 'Yes' : null],
					]}
				/>
				{details.status ? <p className="project-status">{details.status}</p> : null}
			</section>
			<section className="entity-section" aria-labelledby="project-parties">
				<h2 id="project-parties">Companies and contacts</h2>
				{details.companies && details.companies.length > 0 ? (
					<ul>
						{details.companies.map((company) => (
							<li key={`${company.slug}-${company.role}`}>
								<Link to={entityPath('companies', company.slug)}>{company.name}</Link> ({company.role})
							</li>
						))}
					</ul>
				) : null}
				{details.technologies && details.technologies.length > 0 ? (
					<p>
						Technologies:{' '}
						{details.technologies.map((technology, index) => (
							<span key={technology.slug}>
								{index > 0 ? ', ' : null}
								<Link to={entityPath('technologies', technology.slug)}>{technology.name}</Link>
							</span>
						))}
					</p>
				) : null}
				{details.contacts && details.contacts.length > 0 ? (
					<ul className="project-contacts">
						{details.contacts.map((contact) => (
							<li key={`${contact.name}-${contact.email}`}>
								<strong>{contact.name}</strong>
								{contact.organisation ? `, ${contact.organisation}` : null}
								{contact.phone ? <> · {contact.phone}</> : null}
								{contact.email ? (
									<>
										{' · '}
										<a href={`mailto:${contact.email}`}>{contact.email}</a>
									</>
								) : null}
							</li>
						))}
					</ul>
				) : null}
			</section>
			{history.length > 0 ? (
				<section className="entity-section entity-section--wide" aria-labelledby="project-history">
					<h2 id="project-history">History</h2>
					{/* Newest first, without the entry of the last update itself (the API's order, spec 000 §3). */}
					{/* Scrolls sideways on a phone: focusable so a keyboard can scroll it (axe scrollable-region-focusable). */}
					<div className="table-scroll" tabIndex={0} role="region" aria-label="Project history table">
						<table className="project-history">
							<thead>
								<tr>
									<th scope="col">Date</th>
									<th scope="col">Progress</th>
									<th scope="col">Status</th>
									<th scope="col">Cost</th>
								</tr>
							</thead>
							<tbody>
								{history.map((entry, index) => (
									<tr key={`${index}-${entry.date}`}>
										<td>
											<time dateTime={entry.date}>{formatDate(entry.date)}</time>
										</td>
										<td>{entry.progress}</td>
										<td>{entry.status}</td>
										<td>{usdMillions(entry.cost)}</td>
									</tr>
								))}
							</tbody>
						</table>
					</div>
				</section>
			) : null}
		</div>
	)
}
