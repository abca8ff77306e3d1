import { Form, useRouteLoaderData, useSubmit } from '@remix-run/react'
import { COUNTRY_PICKER_ACTION, COUNTRY_PICKER_PARAM, type CountryPickerGroup } from '~/lib/country-picker.ts'
import type { RootData } from '~/root.tsx'

/** Our wording of the picker's label. */
export const COUNTRY_PICKER_LABEL = 'Choose a country'

/**
 * The picker's lists as the root loader read them for the header menu's picker, so a page
 * showing the picker too (the geography pages) does not ask for them again. Null when they
 * could not be had.
 */
export function useCountryPickerGroups(): CountryPickerGroup[] | null {
	return useRouteLoaderData<RootData>('root')?.countryPicker ?? null
}

/**
 * The country picker (app/lib/country-picker.ts): a GET form. Without scripts the reader
 * presses Go; an empty choice is refused by the browser (`required`), so submit does
 * nothing without a selection. With scripts, choosing a country goes there at once.
 */
export function CountryPicker({
	groups,
	current,
	id = 'country-picker',
	label = COUNTRY_PICKER_LABEL,
	className,
}: {
	groups: CountryPickerGroup[]
	current?: string
	/** Ids and labels differ where a page has two pickers (the header menu's and the geography page's). */
	id?: string
	label?: string
	className?: string
}) {
	const submit = useSubmit()
	return (
		<Form
			method="get"
			action={COUNTRY_PICKER_ACTION}
			className={`country-picker${className ? ` ${className}` : ''}`}
			// An empty choice is not submitted: the select is `required`.
			onChange={(event) => event.currentTarget.checkValidity() && submit(event.currentTarget)}
		>
			<label htmlFor={id}>{label}</label>
			<select id={id} name={COUNTRY_PICKER_PARAM} required defaultValue={current && groups.some((group) => group.region.slug === current || group.countries.some((country) => country.slug === current)) ? current : ''}>
				<option value="" disabled>
					Select a country
				</option>
				{groups.map((group) => (
					<optgroup key={group.region.slug} label={group.region.name}>
						<option value={group.region.slug}>All of {group.region.name}</option>
						{group.countries.map((country) => (
							<option key={country.slug} value={country.slug}>
								{country.name}
							</option>
						))}
					</optgroup>
				))}
			</select>
			<button type="submit" className="button">
				Go
			</button>
		</Form>
	)
}
