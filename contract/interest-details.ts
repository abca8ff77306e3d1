/**
 * The interest details form's schema (spec 002; conform + zod on the site, the same schema in
 * the API). Its own module, beside contract/commerce.ts, because the browser builds a module
 * into one chunk: in commerce.ts it brought zod (25 kB gzip) to every page whose no-access
 * panel links to Join, though only the form's own pages validate with it.
 */
import { z } from 'zod'
import { HOW_DID_YOU_FIND_US, INTEREST_KEYS, OTHER_OPTION, PREFERENCES_MESSAGES, SPECIFY_OTHER_MAX, type InterestKey } from './commerce.ts'

/** A checkbox as a form sends it ('on') or JSON (true); absent is false. */
const checkbox = z.preprocess((value) => value === true || value === 'on' || value === 'true', z.boolean())

/**
 * The interest details form (conform + zod on the site, the same schema in the API):
 * howDidYouFindUs required; specifyOther required and non-blank for Other, at most 200
 * characters, and dropped for any other answer ("sent only when Other is chosen").
 */
export const InterestDetailsSchema = z
	.object({
		howDidYouFindUs: z.enum(HOW_DID_YOU_FIND_US, { error: PREFERENCES_MESSAGES.howDidYouFindUsRequired }),
		specifyOther: z.string().trim().max(SPECIFY_OTHER_MAX, PREFERENCES_MESSAGES.specifyOtherTooLong).optional(),
		...(Object.fromEntries(INTEREST_KEYS.map((key) => [key, checkbox])) as Record<InterestKey, typeof checkbox>),
	})
	.superRefine((value, ctx) => {
		if (value.howDidYouFindUs === OTHER_OPTION && !value.specifyOther) ctx.addIssue({ code: 'custom', path: ['specifyOther'], message: PREFERENCES_MESSAGES.specifyOtherRequired })
	})
	.transform(({ specifyOther, ...rest }) => (rest.howDidYouFindUs === OTHER_OPTION ? { ...rest, specifyOther } : rest))
export type InterestDetails = z.output<typeof InterestDetailsSchema>
