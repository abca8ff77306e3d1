import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AlertControls } from '~/components/alerts/AlertControls.tsx'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { ALERT_KIND_LABELS, ALERT_MESSAGES, isAlertKind } from '../../../contract/alert-rules.ts'
import { MESSAGES, TITLE_SUFFIX } from '../../../contract/constants.ts'
import { formatMembershipDate } from '../../../contract/membership.ts'
import { CHANGE_PASSWORD_INTENT, ChangePasswordSchema, PASSWORD_MESSAGES } from '../../../contract/change-password.ts'
import { loadProfilePage, profileAction } from './data.server.ts'

export const PROFILE_TEXT = {
	title: 'Your profile',
	roles: 'Your memberships',
	noRoles: 'You have a free account.',
	preferences: 'Preferences',
	strategyMenu: 'View strategy menu',
	previewData: 'Preview unpublished data',
	usageReport: 'Opt out of usage report',
	changePassword: 'Change password',
	unlockedArticles: 'Unlocked articles',
	profileUnavailable: 'Some of your profile could not be loaded just now.',
} as const

export const meta: MetaFunction = () => [{ title: `${PROFILE_TEXT.title}${TITLE_SUFFIX}` }, { name: 'robots', content: 'noindex' }]

export async function loader(args: LoaderFunctionArgs) {
	return loadProfilePage(args)
}

export async function action(args: ActionFunctionArgs) {
	return profileAction(args)
}

export default function ProfilePage() {
	const profile = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const toggleError = actionData && 'error' in actionData ? actionData.error : null
	return (
		<article className="profile-page">
			<h1>{PROFILE_TEXT.title}</h1>
			<p className="profile-page__who">
				{profile.name}
				{profile.email && profile.email !== profile.name ? ` (${profile.email})` : null}
				{profile.organisationName ? ` · ${profile.organisationName}` : null}
			</p>
			{profile.profileAvailable ? null : <p className="notice">{PROFILE_TEXT.profileUnavailable}</p>}

			<section aria-labelledby="profile-roles">
				<h2 id="profile-roles">{PROFILE_TEXT.roles}</h2>
				{profile.roles.length === 0 ? (
					<p>{PROFILE_TEXT.noRoles}</p>
				) : (
					<ul className="profile-roles">
						{profile.roles.map((role) => (
							<li key={`${role.name}-${role.lastDay ?? 'open'}`} className="profile-roles__item">
								<span className="profile-roles__name">{role.name}</span>{' '}
								{role.lastDay !== null && role.daysRemaining !== null ? (
									<span className={role.warning ? 'days-left days-left--warning' : 'days-left'} title={`Until ${formatMembershipDate(new Date(role.lastDay))}`}>
										{role.daysRemaining === 1 ? '1 day left' : `${role.daysRemaining} days left`}
									</span>
								) : null}
							</li>
						))}
					</ul>
				)}
			</section>

			{profile.alerts ? (
				<section aria-labelledby="profile-alerts" id="alerts">
					<h2 id="profile-alerts">{ALERT_MESSAGES.sectionTitle}</h2>
					{profile.alertMessage ? (
						<p className="form-error" role="alert">
							{profile.alertMessage}
						</p>
					) : null}
					{profile.alerts.length === 0 ? (
						<p>{ALERT_MESSAGES.none}</p>
					) : (
						<ul className="profile-alerts">
							{profile.alerts.map(({ search, alert }) => (
								<li key={search.id}>
									{isAlertKind(search.kind) ? <span className="profile-alert-kind">{ALERT_KIND_LABELS[search.kind]}: </span> : null}
									<Link to={search.url}>{search.name}</Link>
									<AlertControls savedSearchId={search.id} name={search.name} alert={alert} returnUrl="/profile#alerts" />
								</li>
							))}
						</ul>
					)}
				</section>
			) : null}

			{profile.unlockedArticles ? (
				<section aria-labelledby="profile-unlocked">
					<h2 id="profile-unlocked">{PROFILE_TEXT.unlockedArticles}</h2>
					{profile.unlockedArticles.length === 0 ? (
						<p>{MESSAGES.noUnlockedArticles}</p>
					) : (
						<ul className="profile-unlocked">
							{profile.unlockedArticles.map((article) => (
								<li key={article.path}>
									<Link to={article.path}>{article.headline}</Link> <span className="count">{formatMembershipDate(new Date(article.unlockedOn))}</span>
								</li>
							))}
						</ul>
					)}
				</section>
			) : null}

			{profile.strategyMenu !== null || profile.previewData !== null || profile.usageReportOptOut !== null ? (
				<section aria-labelledby="profile-preferences">
					<h2 id="profile-preferences">{PROFILE_TEXT.preferences}</h2>
					{toggleError ? (
						<p className="form-error" role="alert">
							{toggleError}
						</p>
					) : null}
					<ul className="profile-toggles">
						{profile.strategyMenu !== null ? <Toggle intent="strategy-menu" label={PROFILE_TEXT.strategyMenu} on={profile.strategyMenu} /> : null}
						{profile.previewData !== null ? <Toggle intent="preview-data" label={PROFILE_TEXT.previewData} on={profile.previewData} /> : null}
						{profile.usageReportOptOut !== null ? <Toggle intent="usage-report-opt-out" label={PROFILE_TEXT.usageReport} on={profile.usageReportOptOut} /> : null}
					</ul>
				</section>
			) : null}

			{profile.canChangePassword ? <ChangePasswordForm /> : null}
		</article>
	)
}

/** A preference toggle: a form post whose button says what it is and whether it is on. */
function Toggle({ intent, label, on }: { intent: string; label: string; on: boolean }) {
	return (
		<li>
			<Form method="post" className="toggle">
				<input type="hidden" name="intent" value={intent} />
				<input type="hidden" name="enabled" value={on ? 'false' : 'true'} />
				<button type="submit" role="switch" aria-checked={on} className={on ? 'toggle__switch toggle__switch--on' : 'toggle__switch'}>
					<span className="toggle__label">{label}</span>
					<span className="toggle__state" aria-hidden="true">
						{on ? 'On' : 'Off'}
					</span>
				</button>
			</Form>
		</li>
	)
}

function ChangePasswordForm() {
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const passwordData = actionData && 'result' in actionData && actionData.intent === CHANGE_PASSWORD_INTENT ? actionData : null
	const [form, fields] = useForm({
		id: CHANGE_PASSWORD_INTENT,
		lastResult: passwordData?.result,
		constraint: getZodConstraint(ChangePasswordSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangePasswordSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})
	const submitting = navigation.state === 'submitting' && navigation.formData?.get('intent') === CHANGE_PASSWORD_INTENT
	const passwordFields = [
		{ field: fields.oldPassword, label: 'Old password', autoComplete: 'current-password' },
		{ field: fields.newPassword, label: 'New password', autoComplete: 'new-password' },
		{ field: fields.confirmPassword, label: 'Confirm new password', autoComplete: 'new-password' },
	]
	return (
		<section aria-labelledby="change-password-title" className="change-password">
			<h2 id="change-password-title">{PROFILE_TEXT.changePassword}</h2>
			<p className="form-hint" id="password-policy">
				{PASSWORD_MESSAGES.policy}
			</p>
			<Form method="post" {...getFormProps(form)}>
				<input type="hidden" name="intent" value={CHANGE_PASSWORD_INTENT} />
				{passwordData?.message ? (
					<p className="form-success" role="status">
						{passwordData.message}
					</p>
				) : null}
				{form.errors?.length ? (
					<div className="form-error" role="alert" id={form.errorId}>
						{form.errors.map((error) => (
							<p key={error}>{error}</p>
						))}
					</div>
				) : null}
				{passwordFields.map(({ field, label, autoComplete }) => (
					<div className="field" key={field.name}>
						<label htmlFor={field.id}>{label}</label>
						<input {...getInputProps(field, { type: 'password' })} autoComplete={autoComplete} aria-describedby={field.errors?.length ? field.errorId : 'password-policy'} />
						{field.errors?.length ? (
							<p className="field__error" id={field.errorId}>
								{field.errors.join(' ')}
							</p>
						) : null}
					</div>
				))}
				<button type="submit" className="button" disabled={submitting}>
					{submitting ? 'Changing password...' : PROFILE_TEXT.changePassword}
				</button>
			</Form>
		</section>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
