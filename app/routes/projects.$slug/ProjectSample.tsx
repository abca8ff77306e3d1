import { Facts } from '~/components/entities/Facts.tsx'

/**
 * What a reader without access sees behind the no-access panel (spec 000 §4 "Project without
 * access: no-access panel; sample placeholder content blurred"). Fixed placeholder text, never
 * the project's own data: the real figures are not sent to this reader at all.
 */
const SAMPLE_FACTS: [string, string][] = [
	['Client', 'Sample Water Authority'],
	['Capacity', '100,000 m3/d'],
	['Progress', 'Design stage'],
	['Status', 'Tender documents are being prepared for a design-build-operate contract.'],
	['Structure', 'Design-build with 20 years of operation and maintenance'],
	['Expected cost', 'US$100 million'],
	['Contacts', 'Sample Contact, Sample Engineering Ltd'],
]

export function ProjectSample() {
	return (
		<div className="project-sample entity-section" aria-hidden="true" data-testid="project-sample">
			<h2>Project details</h2>
			<Facts facts={SAMPLE_FACTS} />
			<h2>History</h2>
			<p>Sample history entry: the project was included in the national investment plan.</p>
		</div>
	)
}
