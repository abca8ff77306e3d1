import type { ReactNode } from 'react'
import { INDEX_MESSAGES } from '../../../contract/index-common.ts'
import { NoAccessPanel } from '~/components/NoAccessPanel.tsx'
import { STRATEGIST_BENEFITS, type AccessGate } from '~/lib/no-access.ts'
import type { TableConfig, TableQuery } from '../../../contract/tables.ts'
import type { SavedSearchKind, SavedSearchList } from '../../../contract/saved-searches.ts'
import { SavedSearches } from './SavedSearches.tsx'
import { TableView, type TableColumn, type TableResult } from './TableView.tsx'

/** Spec 001 does not give the indexes' debounces; the tracker's (spec 002 §9). */
const INDEX_DEBOUNCE = { date: 1000, range: 500 }

/**
 * An index page (spec 001 §2): title, "About this data", the table engine's view, the
 * access prompt over the sample rows (filters disabled, rows blurred), the download and a
 * footer note.
 */
export function IndexPage<T>({
	title,
	path,
	config,
	query,
	result,
	columns,
	noAccess,
	downloadHref,
	downloadFile,
	downloadError,
	dates,
	facetLabels,
	helper,
	about,
	saved,
}: {
	title: string
	path: string
	config: TableConfig
	query: TableQuery
	result: TableResult<T>
	columns: TableColumn<T>[]
	/** Spec 001 §1's no-access panel over the sample rows: the Strategist message and the membership gate. */
	noAccess: { message: string; gate: AccessGate } | null
	downloadHref: string
	downloadFile: string
	downloadError: string | null
	dates: { first: string; latest: string }
	facetLabels?: Record<string, string>
	helper?: ReactNode
	about: ReactNode
	/** The reader's saved searches of this index; null without them. */
	saved: { kind: SavedSearchKind; searches: SavedSearchList | null; message: string | null; typedName: string | null }
}) {
	const notice = result.hasAccess ? (
		<p className="table-about">
			<a href="#about-this-data">{INDEX_MESSAGES.aboutThisData}</a>
			{helper ? <span className="table-helper"> {helper}</span> : null}
		</p>
	) : noAccess ? (
		// Spec 001 §1: "This content requires a GWI Strategist Membership", "Get unlimited access to:" and its list, the gate, and Login for visitors.
		<NoAccessPanel message={noAccess.message} gate={noAccess.gate} benefits={STRATEGIST_BENEFITS} className="access-prompt">
			<p>{INDEX_MESSAGES.accessPrompt}</p>
		</NoAccessPanel>
	) : null
	// A refused download is said here even to a reader shown the sample (who followed a link to the file).
	const refusal = downloadError ? (
		<span className="warning" role="alert">
			{downloadError}{' '}
		</span>
	) : null
	const toolbar = result.hasAccess ? (
		<p className="table-download">
			{refusal}
			<a href={downloadHref} download={downloadFile} className="button button--outline">
				Download {downloadFile}
			</a>
		</p>
	) : refusal ? (
		<p className="table-download">{refusal}</p>
	) : null
	return (
		<div className="index-page">
			<h1>{title}</h1>
			<TableView
				path={path}
				config={config}
				query={query}
				result={result}
				columns={columns}
				rowKey={(hit) => (hit as { slug: string }).slug}
				debounce={INDEX_DEBOUNCE}
				dates={dates}
				notice={notice}
				toolbar={toolbar}
				warnings={[]}
				facetLabels={facetLabels}
				noResults={INDEX_MESSAGES.noResults}
				filterControls={{ resetLabel: INDEX_MESSAGES.resetFilters, closeLabel: INDEX_MESSAGES.closeFilters }}
				panel={saved.searches ? <SavedSearches kind={saved.kind} searches={saved.searches} message={saved.message} typedName={saved.typedName} /> : null}
			/>
			<section id="about-this-data" className="table-footnote">
				<h2>{INDEX_MESSAGES.aboutThisData}</h2>
				{about}
			</section>
		</div>
	)
}
