import { Form, Link, useLocation } from '@remix-run/react'
import { ALERT_MESSAGE_PARAM, isAlertKind } from '../../../contract/alert-rules.ts'
import { MESSAGES } from '../../../contract/constants.ts'
import { MAX_SAVED_SEARCH_NAME, SAVED_SEARCHES_SHOWN, SAVED_SEARCHES_SIGNED_OUT, SAVED_SEARCH_MESSAGES, type SavedSearchKind } from '../../../contract/saved-search-rules.ts'
import type { SavedSearchList } from '../../../contract/saved-searches.ts'
import { AlertControls } from '~/components/alerts/AlertControls.tsx'
import { formatShortDate } from '~/lib/format.ts'
import { loginUrl } from '~/lib/return-url.ts'

/** The panel's state in the URL, so it works without scripts: 'open' after a form post, 'all' after "Load N more". */
export const SHOW_ALL_PARAM = 'savedSearches'
export const PANEL_OPEN = 'open'
/** Edit mode (spec 001 §2): the id of the saved search being renamed, in the URL so it works without scripts. */
export const EDIT_PARAM = 'savedSearchEdit'

/**
 * The saved-search panel (spec 001 §2 "Saved-search dialog", kept on the server): "Most
 * recent" newest first, 4 shown and "Load N more", save (the current URL), edit mode (an
 * "editing" tag, rename, Cancel) and delete, all form posts to /saved-searches that come back
 * here, the dialog closed once done. On the kinds that can be alerts, each saved search has its
 * alert controls (daily or weekly, pause, delete: form posts to /alerts that come back to the
 * panel, open). Nobody signed in as a person (an organisation signed in by
 * network address) has no saved searches: the panel says so (spec 000 §8) and offers Login.
 */
export function SavedSearches({
	kind,
	searches,
	message,
	typedName,
	labels = { title: 'Saved searches', save: 'Save search' },
	subtitle,
	canSave = true,
	url,
	emptyText = SAVED_SEARCH_MESSAGES.noSearches,
}: {
	kind: SavedSearchKind
	searches: SavedSearchList
	message: string | null
	typedName: string | null
	labels?: { title: string; save: string }
	/** Saved forecasts: the report title, their default name (spec 001 §5). */
	subtitle?: string
	/** Spec 001 §5 "Save forecast is shown only when ... the report is valid and there is data." */
	canSave?: boolean
	/** The address to save, when the page knows its canonical one (the explorer's '~'-lists); else the current address. */
	url?: string
	/** What an empty list says; the tracker's saved filters say so in spec 000 §8's words. */
	emptyText?: string
}) {
	const location = useLocation()
	if (searches === SAVED_SEARCHES_SIGNED_OUT) return <SignedOutPanel title={labels.title} returnUrl={`${location.pathname}${location.search}`} />
	const params = new URLSearchParams(location.search)
	const showAll = params.get(SHOW_ALL_PARAM) === 'all'
	const open = showAll || params.get(SHOW_ALL_PARAM) === PANEL_OPEN
	const editing = searches.find((search) => String(search.id) === params.get(EDIT_PARAM)) ?? null
	for (const name of [SHOW_ALL_PARAM, 'savedSearchMessage', 'savedSearchName', EDIT_PARAM, ALERT_MESSAGE_PARAM]) params.delete(name)
	const current = `${location.pathname}${params.size ? `?${params}` : ''}`
	/** The panel open in save mode, or editing one search: links, so they work without scripts. */
	const panelUrl = (edit?: number) => {
		const next = new URLSearchParams(params)
		next.set(SHOW_ALL_PARAM, showAll ? 'all' : PANEL_OPEN)
		if (edit !== undefined) next.set(EDIT_PARAM, String(edit))
		return `${location.pathname}?${next}#saved-searches`
	}
	const shown = showAll ? searches : searches.slice(0, SAVED_SEARCHES_SHOWN)
	const more = searches.length - shown.length
	const allParams = new URLSearchParams(location.search)
	allParams.set(SHOW_ALL_PARAM, 'all')
	return (
		// With scripts the reader may have opened the panel by hand, which React does not see: a new
		// address the panel is not open in renders it afresh, closed as the server's page would be.
		<details key={open || message ? 'open' : location.key} id="saved-searches" className="saved-searches" open={open || Boolean(message) || undefined}>
			<summary>{labels.title}</summary>
			{message ? (
				<p className="warning" role="alert">
					{message}
				</p>
			) : null}
			{editing ? (
				<Form method="post" action="/saved-searches" className="saved-searches__save saved-searches__edit">
					<input type="hidden" name="intent" value="rename" />
					<input type="hidden" name="id" value={editing.id} />
					<input type="hidden" name="returnUrl" value={current} />
					<p>
						<span className="tag">{SAVED_SEARCH_MESSAGES.editing}</span> {editing.name}
					</p>
					<label>
						New name for {editing.name} <input name="name" defaultValue={typedName ?? editing.name} maxLength={120} required />
					</label>
					<button type="submit" className="button button--outline" aria-label={`Rename ${editing.name}`}>
						Save
					</button>
					<Link to={panelUrl()} className="button button--ghost">
						Cancel
					</Link>
				</Form>
			) : canSave ? (
				<Form method="post" action="/saved-searches" className="saved-searches__save">
					<input type="hidden" name="intent" value="save" />
					<input type="hidden" name="kind" value={kind} />
					<input type="hidden" name="url" value={url ?? current} />
					<input type="hidden" name="returnUrl" value={current} />
					{subtitle ? <input type="hidden" name="subtitle" value={subtitle} /> : null}
					<label>
						Name <input name="name" defaultValue={typedName ?? ''} placeholder={subtitle} maxLength={MAX_SAVED_SEARCH_NAME} />
					</label>
					<button type="submit" className="button button--outline">
						{labels.save}
					</button>
				</Form>
			) : null}
			<h3>{SAVED_SEARCH_MESSAGES.mostRecent}</h3>
			{searches.length === 0 ? (
				<p>{emptyText}</p>
			) : (
				<ul className="saved-searches__list">
					{shown.map((search) => (
						<li key={search.id}>
							<Link to={search.url}>{search.name}</Link>{' '}
							{/* A forecast's subtitle (spec 001 §5) says what it shows, whatever it was named. */}
							{search.subtitle && search.subtitle !== search.name ? <span className="count">{search.subtitle}</span> : null}{' '}
							<span className="count">{formatShortDate(search.lastUpdated)}</span>
							{editing?.id === search.id ? (
								<span className="tag">{SAVED_SEARCH_MESSAGES.editing}</span>
							) : (
								<Link to={panelUrl(search.id)} aria-label={`Edit ${search.name}`}>
									Edit
								</Link>
							)}
							<Form method="post" action="/saved-searches">
								<input type="hidden" name="intent" value="delete" />
								<input type="hidden" name="id" value={search.id} />
								<input type="hidden" name="returnUrl" value={current} />
								<button type="submit" aria-label={`Delete ${search.name}`}>
									Delete
								</button>
							</Form>
							{isAlertKind(kind) ? <AlertControls savedSearchId={search.id} name={search.name} alert={search.alert ?? null} returnUrl={panelUrl()} /> : null}
						</li>
					))}
				</ul>
			)}
			{more > 0 ? <Link to={`${location.pathname}?${allParams}#saved-searches`}>{SAVED_SEARCH_MESSAGES.loadMore(more)}</Link> : null}
		</details>
	)
}

function SignedOutPanel({ title, returnUrl }: { title: string; returnUrl: string }) {
	return (
		<details id="saved-searches" className="saved-searches">
			<summary>{title}</summary>
			<p>{MESSAGES.notLoggedIn}</p>
			<p>
				<Link to={loginUrl(returnUrl)}>Login</Link>
			</p>
		</details>
	)
}
