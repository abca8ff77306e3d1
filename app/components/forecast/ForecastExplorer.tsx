import { Link, useLocation } from '@remix-run/react'
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react'
import { askAnAnalystLink, availableYearsHint, FORECAST_MESSAGES, FORECAST_PAGES, forecastSearch, REPORT_TYPE_NAMES, type Definition, type ForecastState } from '../../../contract/forecast.ts'
import { STRATEGIST_BENEFITS } from '~/lib/no-access.ts'
import { formatDate } from '~/lib/format.ts'
import type { ExplorerData } from '~/lib/forecast-explorer.server.ts'
import { noticeText } from '../../../contract/notices.ts'
import { MAX_SAVED_SEARCH_NAME } from '../../../contract/saved-searches.ts'
import { NoAccessPanel } from '../NoAccessPanel.tsx'
import { SavedSearches } from '../tables/SavedSearches.tsx'
import { FilterPanel } from './FilterPanel.tsx'
import { ForecastChart } from './ForecastChart.tsx'
import { ForecastTable } from './ForecastTable.tsx'


/** The table's downloads, in the toolbar (the table's 250-row note points to "Download .xlsx"). */
const TABLE_FORMATS = [
	{ format: 'xlsx', label: 'Download .xlsx' },
	{ format: 'csv', label: 'Download .csv' },
] as const
/** Spec 001 §2 "Charts": the chart menu's downloads, each a resource route under the page's path. */
const CHART_FORMATS = [
	{ format: 'png', label: 'PNG' },
	{ format: 'jpg', label: 'JPG' },
	{ format: 'svg', label: 'SVG' },
	{ format: 'pdf', label: 'PDF' },
	{ format: 'pptx', label: 'PPT' },
	{ format: 'xlsx', label: 'XLSX' },
] as const

/** The saved-search panel (the tables' engine) as the explorer names it. */
const SAVED_FORECAST_LABELS = { title: 'Saved forecasts', save: 'Save forecast' }

type Banner = { tone: 'info' | 'error'; message: string }

/** Where a refused download's message comes back (the tables' name for it, contract/tables.ts). */
const DOWNLOAD_ERROR_PARAM = 'downloadError' satisfies keyof ExplorerData['notices']

/**
 * With scripts, a download is fetched so the reader gets the spec's banner (success, no
 * permission, failure) with a close action; without scripts the link downloads directly, and a
 * refusal comes back to this page with its message in the address (`downloadError`), shown in
 * the same banner with a close link.
 */
async function download(event: MouseEvent<HTMLAnchorElement>, setBanner: (banner: Banner | null) => void) {
	const link = event.currentTarget
	event.preventDefault()
	try {
		const response = await fetch(link.href)
		const refused = response.redirected ? new URL(response.url).searchParams.get(DOWNLOAD_ERROR_PARAM) : null
		if (!response.ok || refused !== null) {
			setBanner({ tone: 'error', message: noticeText(refused) ?? (response.status === 403 ? FORECAST_MESSAGES.noDownloadPermission : FORECAST_MESSAGES.downloadFailed) })
			return
		}
		const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'download'
		const url = URL.createObjectURL(await response.blob())
		const anchor = Object.assign(document.createElement('a'), { href: url, download: name })
		anchor.click()
		setTimeout(() => URL.revokeObjectURL(url), 10_000)
		setBanner({ tone: 'info', message: FORECAST_MESSAGES.downloaded })
	} catch {
		setBanner({ tone: 'error', message: FORECAST_MESSAGES.downloadFailed })
	}
}

type Props = { data: ExplorerData & { origin: string } }

/**
 * The forecast explorer (spec 001 §2 "Forecasts layout"): filter panel (a GET form and links,
 * so it works without scripts), toolbar, the chart (server-drawn SVG, replaced by Highcharts
 * once scripts run) and the table, then update details, methodology and definitions.
 */
export function ForecastExplorer({ data }: Props) {
	const { page, access, info, state, outcome, definitions, methodologies, chartQuery } = data
	const path = FORECAST_PAGES[page].path
	const range = info?.yearRange
	const href = (next: ForecastState) => `${path}${forecastSearch(next, range!)}`
	const result = outcome.result
	const [banner, setBanner] = useState<Banner | null>(data.notices.downloadError ? { tone: 'error', message: data.notices.downloadError } : null)
	const location = useLocation()
	// Closing the banner without scripts: the same page without the message.
	const withoutNotice = new URLSearchParams(location.search)
	withoutNotice.delete(DOWNLOAD_ERROR_PARAM)
	const canDownload = Boolean(access.canViewData && result && !outcome.message && state && range)
	/** A download link with the page's own query, or the disabled label for readers who may not download. */
	const exportLink = (format: string, label: string) =>
		canDownload ? (
			<a key={`${format}-${label}`} href={`${path}/export/${format}${forecastSearch(state!, range!)}`} onClick={(event) => download(event, setBanner)}>
				{label}
			</a>
		) : (
			<span key={`${format}-${label}`} aria-disabled="true" className="forecast__disabled">
				{label}
			</span>
		)
	const askAnAnalyst = result && state && range ? <a href={askAnAnalystLink(`${data.origin}${path}${forecastSearch(state, range)}`, result.reportTitle)}>Ask an analyst</a> : null
	return (
		<div className="forecast">
			<h1 className="forecast__small-screen">{FORECAST_MESSAGES.smallScreen}</h1>
			<div className="forecast__page">
				<header className="forecast__header">
					<h1>Forecasts</h1>
					{info ? <span className="forecast__badge">Updated {formatDate(info.publishedAt)}</span> : null}
				</header>
				{!info || !state || !range ? (
					<p role="alert">{outcome.message ?? FORECAST_MESSAGES.yearRangeError}</p>
				) : (
					<div className="forecast__layout">
						<FiltersDisclosure>
							<FilterPanel data={data} state={state} href={href} />
						</FiltersDisclosure>
						<div className="forecast__main">
							<div className="forecast__toolbar" role="toolbar" aria-label="Forecast tools">
								{TABLE_FORMATS.map(({ format, label }) => exportLink(format, label))}
								{askAnAnalyst}
								<Link to={href({ ...state, hideChart: !state.hideChart })}>{state.hideChart ? 'Show chart' : 'Hide chart'}</Link>
								<Link to={href({ ...state, hideTable: !state.hideTable })}>{state.hideTable ? 'Show table' : 'Hide table'}</Link>
							</div>
							{data.savedSearches ? (
								<SavedSearches
									kind="forecasts"
									searches={data.savedSearches}
									message={data.notices.savedSearchMessage}
									typedName={data.notices.savedSearchName}
									labels={SAVED_FORECAST_LABELS}
									subtitle={result?.reportTitle.slice(0, MAX_SAVED_SEARCH_NAME)}
									canSave={Boolean(result && !outcome.message)}
									url={href(state)}
								/>
							) : null}
							{banner ? (
								<div className={`forecast__banner forecast__banner--${banner.tone}`} role={banner.tone === 'error' ? 'alert' : 'status'}>
									{banner.message}
									<Link
										to={`${path}?${withoutNotice.toString().replaceAll('%7E', '~')}`}
										replace
										preventScrollReset
										aria-label="Close"
										className="forecast__banner-close"
										onClick={(event) => {
											setBanner(null)
											// A banner of a scripted download is not in the address: nothing to navigate.
											if (!data.notices.downloadError) event.preventDefault()
										}}
									>
										×
									</Link>
								</div>
							) : null}
							{!access.canViewData ? (
								<NoAccessPanel message={access.noAccessMessage ?? ''} gate={access.gate} benefits={STRATEGIST_BENEFITS} />
							) : (
								<section className="forecast__card" aria-label="Chart and table">
									{result ? (
										<>
											<h2>{result.reportTitle}</h2>
											{result.reportTitleFilters.length ? <p className="forecast__subtitle">{result.reportTitleFilters.join('; ')}</p> : null}
										</>
									) : null}
									{outcome.message ? <p role="status">{outcome.message}</p> : null}
									{result && !outcome.message ? (
										<>
											{!state.hideChart && chartQuery ? (
												<ForecastChart query={chartQuery} data={data} state={state}>
													{CHART_FORMATS.map(({ format, label }) => exportLink(format, label))}
													<a href="#methodology">Methodology</a>
													<a href="#definitions">Definitions</a>
													{askAnAnalyst}
												</ForecastChart>
											) : null}
											{!state.hideTable ? <ForecastTable rows={result.dataForTable.rows} capped={data.tableCapped} total={result.dataForTable.total} headers={result.dataForTable.headers} state={state} groups={state.groupBy.length} href={href} /> : null}
										</>
									) : null}
								</section>
							)}
							<section className="forecast__notes">
								<h2 id="update-details">Update details</h2>
								{info ? <p>{`${REPORT_TYPE_NAMES[state.reportType]} forecasts in ${info.unit}, updated ${formatDate(info.publishedAt)}. ${availableYearsHint(range.minYear, range.maxYear)}.`}</p> : null}
								<Accordion id="methodology" title="Methodology and sources" items={methodologies} empty={FORECAST_MESSAGES.noMethodologies} error={FORECAST_MESSAGES.methodologiesError} />
								<Accordion id="definitions" title="Definitions" items={definitions} empty={FORECAST_MESSAGES.notApplicable} error={FORECAST_MESSAGES.definitionsError} />
								{access.canOpenReferencePages ? (
									<>
										<p>
											<Link to="/forecast-definitions">All definitions</Link>
										</p>
										<p>
											<Link to="/resources">Show all sources</Link>
										</p>
									</>
								) : null}
							</section>
						</div>
					</div>
				)}
			</div>
		</div>
	)
}

/** Spec 001 §9 "Filters panel default open above 1024 px; width debounce 200 ms". */
export const FILTERS_OPEN_ABOVE_PX = 1024
const WIDTH_DEBOUNCE_MS = 200

/**
 * The collapsible filter panel, open by default above 1024 px. Without scripts the server
 * cannot know the width, so it sends the panel closed and CSS shows its content above 1024 px
 * (`::details-content`); with scripts the panel opens or closes by the width, on load and
 * when the width crosses 1024 px, and the summary toggles it at any width.
 */
function FiltersDisclosure({ children }: { children: ReactNode }) {
	const details = useRef<HTMLDetailsElement>(null)
	const [scripted, setScripted] = useState(false)
	useEffect(() => {
		const wide = () => window.innerWidth > FILTERS_OPEN_ABOVE_PX
		let wasWide = wide()
		if (details.current) details.current.open = wasWide
		setScripted(true)
		let timer: ReturnType<typeof setTimeout> | undefined
		const onResize = () => {
			clearTimeout(timer)
			timer = setTimeout(() => {
				if (wide() !== wasWide && details.current) details.current.open = wasWide = wide()
			}, WIDTH_DEBOUNCE_MS)
		}
		window.addEventListener('resize', onResize)
		return () => {
			clearTimeout(timer)
			window.removeEventListener('resize', onResize)
		}
	}, [])
	return (
		<details ref={details} className={`forecast__filters${scripted ? '' : ' forecast__filters--by-width'}`} id="filters">
			<summary>Filters</summary>
			{children}
		</details>
	)
}

function Accordion({ id, title, items, empty, error }: { id: string; title: string; items: Definition[] | null; empty: string; error: string }) {
	return (
		<div className="forecast__accordion" id={id}>
			<h3>{title}</h3>
			{items === null ? <p role="alert">{error}</p> : items.length === 0 ? <p>{empty}</p> : null}
			{items?.map((item) => (
				<details key={item.slug} name={title}>
					<summary>{item.name}</summary>
					<p>{item.description}</p>
				</details>
			))}
		</div>
	)
}
