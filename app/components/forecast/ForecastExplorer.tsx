import { Form, Link, useNavigation } from '@remix-run/react'
import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react'
import {
	addGroup,
	askAnAnalystLink,
	availableYearsHint,
	CHART_TYPES,
	constructionCostOption,
	FORECAST_MESSAGES,
	FORECAST_PAGES,
	forecastSearch,
	formatForecastNumber,
	groupAvailability,
	groupByName,
	moveGroup,
	partsAndServicesOption,
	REPORT_TYPE_NAMES,
	removeGroup,
	resetState,
	type Definition,
	type ForecastState,
	type ForecastTableRow,
	type VariantOption,
} from '../../../contract/forecast.ts'
import { STRATEGIST_BENEFITS } from '~/lib/no-access.ts'
import { formatDate } from '~/lib/format.ts'
import type { ExplorerData } from '~/lib/forecast-explorer.server.ts'
import { NoAccessPanel } from '../NoAccessPanel.tsx'
import { forecastChartOptions } from './chart-options.ts'
import { renderChartSvg } from './chart-svg.ts'
import { blocksOf } from './table.ts'

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

const CHART_TYPE_NAMES: Record<(typeof CHART_TYPES)[number], string> = {
	column: 'Column',
	'column-stacked': 'Column (stacked)',
	bar: 'Bar',
	'bar-stacked': 'Bar (stacked)',
	line: 'Line',
	'line-stacked': 'Line (stacked)',
	sunburst: 'Sunburst',
}

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
			<p className="forecast__small-screen">{FORECAST_MESSAGES.smallScreen}</p>
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

function OptionField({ option, name }: { option: VariantOption | null; name: string }) {
	if (!option) return null
	if (option.kind === 'fixed') return <p className="forecast__fixed">{option.label}</p>
	return (
		<label className="forecast__check">
			<input type="checkbox" name={name} defaultChecked={option.checked} /> {option.label}
		</label>
	)
}

function FilterPanel({ data, state, href }: { data: ExplorerData; state: ForecastState; href: (s: ForecastState) => string }) {
	const { page, info, picklists, access } = data
	const range = info!.yearRange
	const config = FORECAST_PAGES[page]
	const years = Array.from({ length: range.maxYear - range.minYear + 1 }, (_, i) => range.minYear + i)
	const { available, unavailable } = groupAvailability(state)
	const disabled = !access.canViewData
	const pending = useNavigation().state !== 'idle'
	return (
		<div className="forecast__panel">
			{/* Keyed by the state: its uncontrolled fields show the new state after a client-side navigation (reset, add, remove). */}
			<Form key={forecastSearch(state, range)} method="get" action={config.path} className="forecast__form">
				<fieldset disabled={disabled}>
					<input type="hidden" name="apply" value="1" />
					<input type="hidden" name="groupBy" value={state.groupBy.join('~')} />
					<input type="hidden" name="variant" value={state.variant} />
					{state.hideTable ? <input type="hidden" name="hideTable" value="true" /> : null}
					{state.hideChart ? <input type="hidden" name="hideChart" value="true" /> : null}
					{config.reportTypes.length > 1 ? (
						<label className="forecast__field">
							Report type
							<select name="reportType" defaultValue={state.reportType}>
								{config.reportTypes.map((type) => (
									<option key={type} value={type}>
										{REPORT_TYPE_NAMES[type]}
									</option>
								))}
							</select>
						</label>
					) : (
						<input type="hidden" name="reportType" value={state.reportType} />
					)}
					<div className="forecast__years">
						<label className="forecast__field">
							From
							<select name="startYear" defaultValue={state.startYear}>
								{years.map((y) => (
									<option key={y}>{y}</option>
								))}
							</select>
						</label>
						<label className="forecast__field">
							To
							<select name="endYear" defaultValue={state.endYear}>
								{years.map((y) => (
									<option key={y}>{y}</option>
								))}
							</select>
						</label>
						<small>{availableYearsHint(range.minYear, range.maxYear)}</small>
					</div>
					{state.groupBy.map((name, index) => {
						const group = groupByName(name)!
						const values = picklists.find((p) => p.picklistName === group.picklist)?.values ?? []
						return (
							<fieldset key={name} className="forecast__group">
								<legend>{group.displayName}</legend>
								<div className="forecast__group-actions">
									{index > 0 ? (
										<Link to={href(moveGroup(state, name, 'up'))} aria-label={`Move ${group.displayName} up`}>
											↑ Up
										</Link>
									) : null}
									{index < state.groupBy.length - 1 ? (
										<Link to={href(moveGroup(state, name, 'down'))} aria-label={`Move ${group.displayName} down`}>
											↓ Down
										</Link>
									) : null}
									{state.groupBy.length > 1 ? (
										<Link to={href(removeGroup(state, name))} aria-label={`Remove ${group.displayName}`}>
											Remove
										</Link>
									) : null}
								</div>
								<select name={group.urlParam} multiple size={Math.min(8, Math.max(2, values.length))} defaultValue={state.filters[name] ?? []} aria-label={`${group.displayName} values`}>
									{group.name === 'Country' ? <CountriesByRegion values={values} regions={picklists.find((p) => p.picklistName === 'region')?.values ?? []} /> : values.map((v) => <ValueOption key={v.value} value={v} />)}
								</select>
							</fieldset>
						)
					})}
					<OptionField option={constructionCostOption(state)} name="constructionCosts" />
					<OptionField option={partsAndServicesOption(state)} name="partsAndServices" />
					<label className="forecast__field">
						Chart type
						<select name="chartType" defaultValue={state.chartType}>
							{CHART_TYPES.map((type) => (
								<option key={type} value={type}>
									{CHART_TYPE_NAMES[type]}
								</option>
							))}
						</select>
					</label>
					<button type="submit" aria-busy={pending || undefined}>
						{pending ? 'Applying…' : 'Apply filters'}
					</button>
				</fieldset>
			</Form>
			<nav aria-label="Add a filter" className="forecast__add">
				<h3>Add filter</h3>
				<ul>
					{available.map((g) => (
						<li key={g.name}>{disabled ? <span className="forecast__disabled">{g.displayName}</span> : <Link to={href(addGroup(state, g.name))}>+ {g.displayName}</Link>}</li>
					))}
				</ul>
				{unavailable.length ? (
					<>
						<h3>Unavailable</h3>
						<ul className="forecast__unavailable">
							{unavailable.map((g) => (
								<li key={g.name}>{g.displayName}</li>
							))}
						</ul>
					</>
				) : null}
				<Link to={href(resetState(page, range))}>Reset all</Link>
			</nav>
		</div>
	)
}

type PicklistValue = ExplorerData['picklists'][number]['values'][number]

function ValueOption({ value }: { value: PicklistValue }) {
	return <option value={value.value}>{value.displayName}</option>
}

/** Countries under their regions (the picklist's parent values). */
function CountriesByRegion({ values, regions }: { values: PicklistValue[]; regions: PicklistValue[] }) {
	return (
		<>
			{regions.map((region) => (
				<optgroup key={region.value} label={region.displayName}>
					{values
						.filter((v) => v.parentValue === region.value)
						.map((v) => (
							<ValueOption key={v.value} value={v} />
						))}
				</optgroup>
			))}
		</>
	)
}

/** The server's SVG, replaced by Highcharts once it has loaded (only on this route, after the page is usable). */
function ForecastChart({ svg, data, state }: { svg: string; data: ExplorerData; state: ForecastState }) {
	const canvas = useRef<HTMLDivElement>(null)
	const [drawn, setDrawn] = useState(false)
	const result = data.outcome.result!
	const options = useMemo(() => forecastChartOptions(result, state.chartType, state.year ?? result.defaultYear), [result, state.chartType, state.year])
	useEffect(() => {
		let chart: { destroy(): void } | undefined
		let active = true
		import('./chart-library.ts').then(
			(library) => {
				if (!active || !canvas.current) return
				chart = library.drawForecastChart(canvas.current, options)
				setDrawn(true)
			},
			(error: unknown) => console.error('[chart] the chart library failed to load:', error instanceof Error ? error.message : error),
		)
		return () => {
			active = false
			chart?.destroy()
		}
	}, [options])
	const figure = useRef<HTMLElement>(null)
	return (
		<figure className="forecast__chart" ref={figure}>
			{drawn ? (
				// Scripts only: the Fullscreen API has no form without them.
				<button type="button" className="forecast__fullscreen" onClick={() => void figure.current?.requestFullscreen?.().catch(() => undefined)}>
					Fullscreen
				</button>
			) : null}
			<div ref={canvas} className="forecast__canvas" hidden={!drawn} />
			{drawn ? null : <div className="forecast__svg" dangerouslySetInnerHTML={{ __html: svg }} />}
			{state.chartType === 'sunburst' ? <SunburstYears data={data} state={state} /> : null}
		</figure>
	)
}

function SunburstYears({ data, state }: { data: ExplorerData; state: ForecastState }) {
	const path = FORECAST_PAGES[data.page].path
	const years = data.outcome.result!.dataForChart.categories
	const current = state.year ?? data.outcome.result!.defaultYear
	return (
		<nav aria-label="Sunburst year" className="forecast__years-nav">
			{years.map((y) => (y === current ? <strong key={y}>{y}</strong> : <Link key={y} to={`${path}${forecastSearch({ ...state, year: y }, data.info!.yearRange)}`}>{y}</Link>))}
		</nav>
	)
}

/** The rows arrive sorted and capped by the loader (forPage); they are only grouped here. */
function ForecastTable({ rows, capped, total, headers, state, groups, href }: { rows: ForecastTableRow[]; capped: boolean; total: ForecastTableRow; headers: string[]; state: ForecastState; groups: number; href: (s: ForecastState) => string }) {
	const blocks = blocksOf(rows)
	const yearCount = state.endYear - state.startYear + 1
	const sortKeyOf = (column: number) => (column < groups ? 'key' : column < groups + yearCount ? String(state.startYear + column - groups) : 'cagr')
	const sortLink = (column: number) => {
		const key = sortKeyOf(column)
		const order = state.sort === key && state.sortOrder === 'asc' ? 'desc' : 'asc'
		return href({ ...state, sort: key, sortOrder: order })
	}
	const cells = (row: ForecastTableRow) => [...row.values.map(formatForecastNumber), ...(headers.length > groups + yearCount ? [formatForecastNumber(row.cagr)] : [])]
	const keyCells = (row: ForecastTableRow) => Array.from({ length: groups }, (_, i) => row.keys[i] ?? '')
	return (
		<div className="forecast__table-wrap">
			{capped ? <p className="forecast__cap">{FORECAST_MESSAGES.tableCap}</p> : null}
			<table className="forecast__table">
				<thead>
					<tr>
						{headers.map((header, column) => {
							const key = sortKeyOf(column)
							if (column > 0 && column < groups) return <th key={header} scope="col">{header}</th>
							const sorted = state.sort === key ? (state.sortOrder === 'asc' ? 'ascending' : 'descending') : undefined
							return (
								<th key={header} scope="col" aria-sort={sorted}>
									<Link to={sortLink(column)}>{header}</Link>
								</th>
							)
						})}
					</tr>
				</thead>
				{blocks.map((block, b) =>
					block.aggregate ? (
						<tbody key={b} className="forecast__block">
							<tr className="forecast__aggregate">
								<th scope="row" colSpan={groups}>
									<details>
										<summary>{block.aggregate.keys[0]}</summary>
									</details>
								</th>
								{cells(block.aggregate).map((cell, i) => (
									<td key={i}>{cell}</td>
								))}
							</tr>
							{block.rows.map((row, r) => (
								<tr key={r} className="forecast__child">
									{keyCells(row).map((key, i) => (i === 0 ? <td key={i} /> : <th key={i} scope="row">{key}</th>))}
									{cells(row).map((cell, i) => (
										<td key={i}>{cell}</td>
									))}
								</tr>
							))}
						</tbody>
					) : (
						<tbody key={b}>
							{block.rows.map((row, r) => (
								<tr key={r}>
									{keyCells(row).map((key, i) => (
										<th key={i} scope="row">
											{key}
										</th>
									))}
									{cells(row).map((cell, i) => (
										<td key={i}>{cell}</td>
									))}
								</tr>
							))}
						</tbody>
					),
				)}
				<tfoot>
					<tr className="forecast__total">
						<th scope="row" colSpan={groups}>
							Total
						</th>
						{cells(total).map((cell, i) => (
							<td key={i}>{cell}</td>
						))}
					</tr>
				</tfoot>
			</table>
		</div>
	)
}

/** The server's drawing of the chart (the page and the SVG export). */
export function serverChartSvg(data: ExplorerData): string | null {
	const result = data.outcome.result
	if (!result || !data.state || data.outcome.message) return null
	return renderChartSvg(forecastChartOptions(result, data.state.chartType, data.state.year ?? result.defaultYear), { title: result.reportTitle })
}
