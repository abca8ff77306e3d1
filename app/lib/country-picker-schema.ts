/** The country picker's submission as the geography index reads it (country-picker.ts), apart so the picker's pages load no zod. */
import { z } from 'zod'
import { COUNTRY_PICKER_PARAM, GEOGRAPHY_CODE } from './country-picker.ts'

/** The picker's choice in the index's URL: a country code (any case), else none (stay on the index). */
export const CountryPickerSchema = z.object({
	[COUNTRY_PICKER_PARAM]: z
		.string()
		.optional()
		.transform((code) => code?.trim().toLowerCase())
		.transform((code) => (code !== undefined && GEOGRAPHY_CODE.test(code) ? code : null)),
})
