import { Form, Link } from '@remix-run/react'
import { PARTNER_COMPANY_PARAM } from '../../../contract/card-rules.ts'
import type { Partner } from './data.server.ts'

/**
 * Spec 001 §2 Partner content hub filter: a form selecting a partner company (a GET form, so
 * the choice is the URL's partner-company), with "Reset filter" back to the hub. Submitting
 * with no company selected does nothing (with scripts the submit is cancelled; without, the
 * empty choice leads back to the unfiltered hub, where the reader already is).
 */
export function PartnerFilter({ partners, chosen, hubPath }: { partners: Partner[]; chosen: Partner | null; hubPath: string }) {
	return (
		<Form
			method="get"
			action={hubPath}
			className="partner-filter"
			aria-label="Filter by partner"
			onSubmit={(event) => {
				const select = event.currentTarget.elements.namedItem(PARTNER_COMPANY_PARAM) as HTMLSelectElement | null
				if (!select?.value) event.preventDefault()
			}}
		>
			<label htmlFor="partner-company">Partner</label>
			<select id="partner-company" name={PARTNER_COMPANY_PARAM} defaultValue={chosen?.slug ?? ''} key={chosen?.slug ?? ''}>
				<option value="">Choose a partner</option>
				{partners.map((partner) => (
					<option key={partner.slug} value={partner.slug}>
						{partner.name}
					</option>
				))}
			</select>
			<button type="submit" className="button">
				Filter
			</button>
			{chosen ? (
				<Link to={hubPath} className="button button--outline">
					Reset filter
				</Link>
			) : null}
		</Form>
	)
}
