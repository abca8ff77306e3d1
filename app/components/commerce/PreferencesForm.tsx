/**
 * The interest details form (spec 002 §3, §4 "Preferences form", §5): conform + zod with
 * the contract's schema, validated on the server and, with scripts, on touch. Warns before
 * leaving with unsaved changes (scripts only: a browser's beforeunload).
 */
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from '@remix-run/react'
import { useEffect } from 'react'
import { HOW_DID_YOU_FIND_US, INTEREST_KEYS, INTERESTS, JOIN_MESSAGES, OTHER_OPTION, SPECIFY_OTHER_MAX } from '../../../contract/commerce.ts'
import { InterestDetailsSchema } from '../../../contract/interest-details.ts'

export const PREFERENCES_INTENT = 'about-you'

export function PreferencesForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null | undefined }) {
	const navigation = useNavigation()
	const [form, fields] = useForm({
		id: 'about-you',
		lastResult,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: InterestDetailsSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	useLeaveWarning(form.dirty && navigation.state === 'idle', JOIN_MESSAGES.leaveUnsaved)
	const submitting = navigation.state === 'submitting' && navigation.formData?.get('intent') === PREFERENCES_INTENT
	return (
		<Form method="post" {...getFormProps(form)} className="commerce-form" aria-labelledby="about-you-title">
			<h2 id="about-you-title">Tell us about your interests</h2>
			{form.errors?.length ? (
				<p className="form-error" role="alert" id={form.errorId}>
					{form.errors[0]}
				</p>
			) : null}
			<label>
				How did you find us?
				<select {...getSelectProps(fields.howDidYouFindUs)} key={fields.howDidYouFindUs.key}>
					<option value="">Please choose</option>
					{HOW_DID_YOU_FIND_US.map((option) => (
						<option key={option} value={option}>
							{option}
						</option>
					))}
				</select>
			</label>
			{fields.howDidYouFindUs.errors ? (
				<p className="field-error" id={fields.howDidYouFindUs.errorId}>
					{fields.howDidYouFindUs.errors[0]}
				</p>
			) : null}
			<label>
				If {OTHER_OPTION.toLowerCase()}, please specify
				<input {...getInputProps(fields.specifyOther, { type: 'text' })} key={fields.specifyOther.key} maxLength={SPECIFY_OTHER_MAX} />
			</label>
			{fields.specifyOther.errors ? (
				<p className="field-error" id={fields.specifyOther.errorId}>
					{fields.specifyOther.errors[0]}
				</p>
			) : null}
			<fieldset>
				<legend>Which topics interest you?</legend>
				{INTEREST_KEYS.map((key) => (
					<label key={key} className="checkbox">
						<input {...getInputProps(fields[key], { type: 'checkbox' })} key={fields[key].key} />
						{INTERESTS[key]}
					</label>
				))}
			</fieldset>
			<button type="submit" name="intent" value={PREFERENCES_INTENT} className="button" disabled={submitting}>
				{submitting ? 'Submitting...' : 'Submit'}
			</button>
		</Form>
	)
}

/** Asks before the page is left while `active` (spec 002 §8 leave-page confirmations). */
export function useLeaveWarning(active: boolean, message: string) {
	useEffect(() => {
		if (!active) return
		const warn = (event: BeforeUnloadEvent) => {
			event.preventDefault()
			event.returnValue = message
			return message
		}
		window.addEventListener('beforeunload', warn)
		return () => window.removeEventListener('beforeunload', warn)
	}, [active, message])
}
