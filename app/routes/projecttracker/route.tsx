import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import tableStyles from '~/components/tables/tables.css?url'
import { TableView, type TableColumn } from '~/components/tables/TableView.tsx'
import { SavedSearches } from '~/components/tables/SavedSearches.tsx'
import { formatCount, formatShortDate } from '~/lib/format.ts'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'
import { absoluteUrl, errorMeta, seoMeta } from '~/lib/seo.ts'
import {
	TRACKER_COLUMNS,
	TRACKER_DATE_DEBOUNCE_MS,
	TRACKER_DOWNLOAD_FILENAME,
	TRACKER_MESSAGES,
	TRACKER_PATH,
	TRACKER_RANGE_DEBOUNCE_MS,
	TRACKER_TABLE,
	type ProjectHit,
} from '../../../contract/tracker.ts'
import { tableParams } from '../../../contract/tables.ts'
import { MESSAGES } from '../../../contract/constants.ts'
import { loadTracker } from './data.server.ts'

/** The Project Tracker (spec 002 §2-§9): the table engine configured for projects. */
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: tableStyles }]

export async function loader(args: LoaderFunctionArgs) {
	return loadTracker(args)
}

export const headers = reuseLoaderHeaders

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
	if (!data) return errorMeta(error)
	return seoMeta({
		title: 'Project Tracker',
		canonical: absoluteUrl(data.origin, TRACKER_PATH),
		noindex: data.query.pageNum > 1 || tableParams(TRACKER_TABLE, data.query).size > 0,
	})
}

const COLUMNS: TableColumn<ProjectHit>[] = [
	{
		key: 'name',
		label: TRACKER_COLUMNS.name,
		sortable: true,
		cell: (hit) => <Link to={`/projects/${hit.slug}`}>{hit.name}</Link>,
	},
	{
		key: 'country',
		label: TRACKER_COLUMNS.country,
		sortable: true,
		cell: (hit) => hit.projectCountry ?? '',
	},
	{
		key: 'category',
		label: TRACKER_COLUMNS.category,
		sortable: true,
		cell: (hit) => hit.projectCategories.join(', '),
	},
	{
		key: 'capacity',
		label: TRACKER_COLUMNS.capacity,
		sortable: true,
		className: 'numeric',
		cell: (hit) => (hit.projectCapacityM3d === null ? '' : formatCount(hit.projectCapacityM3d)),
	},
	{
		key: 'progress',
		label: TRACKER_COLUMNS.progress,
		sortable: true,
		cell: (hit) => (hit.projectIsArchived ? `${hit.projectProgress} (archived)` : hit.projectProgress),
	},
	{
		key: 'updated',
		label: TRACKER_COLUMNS.updated,
		sortable: true,
		cell: (hit) => formatShortDate(hit.projectLastModifiedDate),
	},
]

export default function ProjectTracker() {
	const { query, result, warnings, isAuthenticated, canDownload, downloadHref, downloadError, dates, savedSearches, savedSearchMessage, savedSearchName } =
		useLoaderData<typeof loader>()
	const notice = result.hasAccess ? null : (
		<div className="access-prompt" role="note">
			<p>
				<strong>{TRACKER_MESSAGES.membersOnly}</strong>
			</p>
			<p>
				<Link to="/memberships" className="button">
					See memberships
				</Link>{' '}
				{isAuthenticated ? null : (
					<Link to={`/login?returnUrl=${encodeURIComponent(TRACKER_PATH)}`} reloadDocument>
						Sign in
					</Link>
				)}
			</p>
		</div>
	)
	const downloadFailure = downloadError ? TRACKER_MESSAGES.downloadFailed(downloadError) : null
	const saved = savedSearches ? <SavedSearches kind="projects" searches={savedSearches} message={savedSearchMessage} typedName={savedSearchName} emptyText={MESSAGES.noFiltersSaved} /> : null
	const download = !result.hasAccess ? null : canDownload ? (
		<p className="table-download">
			<a href={downloadHref} download={TRACKER_DOWNLOAD_FILENAME} className="button button--outline">
				{downloadFailure ?? `Download ${TRACKER_DOWNLOAD_FILENAME}`}
			</a>
		</p>
	) : (
		<>
			{downloadFailure ? (
				<p className="warning" role="alert">
					{downloadFailure}
				</p>
			) : null}
			<p className="table-download table-download--upgrade">{TRACKER_MESSAGES.downloadUpgrade}</p>
		</>
	)
	return (
		<div className="tracker-page">
			<h1>Project Tracker</h1>
			<TableView
				path={TRACKER_PATH}
				config={TRACKER_TABLE}
				query={query}
				result={result}
				columns={COLUMNS}
				rowKey={(hit) => hit.slug}
				cards
				debounce={{
					date: TRACKER_DATE_DEBOUNCE_MS,
					range: TRACKER_RANGE_DEBOUNCE_MS,
				}}
				dates={dates}
				notice={notice}
				toolbar={download}
				panel={saved}
				warnings={result.hasAccess ? [...warnings, ...(query.dates.warning && !warnings.includes(query.dates.warning) ? [query.dates.warning] : [])] : []}
			/>
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
