import { Link } from '@remix-run/react'
import { useState, type MouseEvent } from 'react'
import { askAnAnalystLink, availableYearsHint, FORECAST_MESSAGES, FORECAST_PAGES, forecastSearch, REPORT_TYPE_NAMES, type Definition, type ForecastState } from '../../../contract/forecast.ts'
import { STRATEGIST_BENEFITS } from '~/lib/no-access.ts'
import { formatDate } from '~/lib/format.ts'
import type { ExplorerData } from '~/lib/forecast-explorer.server.ts'
import { NoAccessPanel } from '../NoAccessPanel.tsx'
import { FilterPanel } from './FilterPanel.tsx'
import { ForecastChart } from './ForecastChart.tsx'
import { ForecastTable } from './ForecastTable.tsx'

export { serverChartSvg } from './ForecastChart.tsx'

/** Export formats offered in the toolbar, each a resource route under the page's path. */
export const EXPORT_FORMATS = [
	{ format: 'xlsx', label: 'Download .xlsx' },
	{ format: 'csv', label: 'Download .csv' },
	{ format: 'svg', label: 'Download chart (SVG)' },
	{ format: 'png', label: 'PNG' },
	{ format: 'jpg', label: 'JPG' },
	{ format: 'pdf', label: 'PDF' },
	{ format: 'pptx', label: 'PPT' },
] as const

type Banner = { tone: 'info' | 'error'; message: string }

/**
 * With scripts, a download is fetched so the reader gets the spec's banner (success, no
 * permission, failure) with a close action; without scripts the link downloads directly and
 * a refusal shows the same message as the response's text.
 */
async function download(event: MouseEvent<HTMLAnchorElement>, setBanner: (banner: Banner | null) => void) {
	const link = event.currentTarget
	event.preventDefault()
	try {
		const response = await fetch(link.href)
		if (!response.ok) {
			const message = response.status === 403 ? FORECAST_MESSAGES.noDownloadPermission : FORECAST_MESSAGES.downloadFailed
			setBanner({ tone: 'error', message })
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

type Props = { data: ExplorerData & { serverSvg: string | null; origin: string } }

/**
 * The forecast explorer (spec 001 §2 "Forecasts layout"): filter panel (a GET form and links,
 * so it works without scripts), toolbar, the chart (server-drawn SVG, replaced by Highcharts
 * once scripts run) and the table, then update details, methodology and definitions.
 */
export function ForecastExplorer({ data }: Props) {
	const { page, access, info, state, picklists, outcome, definitions, methodologies, serverSvg } = data
	const path = FORECAST_PAGES[page].path
	const range = info?.yearRange
	const href = (next: ForecastState) => `${path}${forecastSearch(next, range!)}`
	const result = outcome.result
	const [banner, setBanner] = useState<Banner | null>(null)
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
						<details className="forecast__filters" open>
							<summary>Filters</summary>
							<FilterPanel data={data} state={state} href={href} />
						</details>
						<div className="forecast__main">
							<div className="forecast__toolbar" role="toolbar" aria-label="Forecast tools">
								{EXPORT_FORMATS.map(({ format, label }) =>
									access.canViewData && result && !outcome.message ? (
										<a key={format} href={`${path}/export/${format}${forecastSearch(state, range)}`} download onClick={(event) => download(event, setBanner)}>
											{label}
										</a>
									) : (
										<span key={format} aria-disabled="true" className="forecast__disabled">
											{label}
										</span>
									),
								)}
								{result ? <a href={askAnAnalystLink(`${data.origin}${path}${forecastSearch(state, range)}`, result.reportTitle)}>Ask an analyst</a> : null}
								<Link to={href({ ...state, hideChart: !state.hideChart })}>{state.hideChart ? 'Show chart' : 'Hide chart'}</Link>
								<Link to={href({ ...state, hideTable: !state.hideTable })}>{state.hideTable ? 'Show table' : 'Hide table'}</Link>
							</div>
							{banner ? (
								<div className={`forecast__banner forecast__banner--${banner.tone}`} role={banner.tone === 'error' ? 'alert' : 'status'}>
									{banner.message}
									<button type="button" onClick={() => setBanner(null)} aria-label="Close">
										×
									</button>
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
											{!state.hideChart && serverSvg ? <ForecastChart svg={serverSvg} data={data} state={state} /> : null}
											{!state.hideTable ? <ForecastTable rows={result.dataForTable.rows} capped={data.tableCapped} total={result.dataForTable.total} headers={result.dataForTable.headers} state={state} groups={state.groupBy.length} href={href} /> : null}
										</>
									) : null}
								</section>
							)}
							<section className="forecast__notes">
								<h2 id="update-details">Update details</h2>
								{info ? <p>{`${REPORT_TYPE_NAMES[state.reportType]} forecasts in ${info.unit}, updated ${formatDate(info.publishedAt)}. ${availableYearsHint(range.minYear, range.maxYear)}.`}</p> : null}
								<Accordion title="Methodology and sources" items={methodologies} empty={FORECAST_MESSAGES.noMethodologies} error={FORECAST_MESSAGES.methodologiesError} />
								<Accordion title="Definitions" items={definitions} empty={FORECAST_MESSAGES.notApplicable} error={FORECAST_MESSAGES.definitionsError} />
								<p>
									<Link to="/forecast-definitions">All definitions</Link>
								</p>
								<p>
									<Link to="/resources">Show all sources</Link>
								</p>
							</section>
						</div>
					</div>
				)}
			</div>
		</div>
	)
}

function Accordion({ title, items, empty, error }: { title: string; items: Definition[] | null; empty: string; error: string }) {
	return (
		<div className="forecast__accordion">
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
