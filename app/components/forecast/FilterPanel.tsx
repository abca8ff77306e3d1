import { Form, Link, useNavigation } from '@remix-run/react'
import {
	addGroup,
	availableYearsHint,
	CHART_TYPES,
	constructionCostOption,
	FORECAST_PAGES,
	forecastSearch,
	groupAvailability,
	groupByName,
	moveGroup,
	partsAndServicesOption,
	REPORT_TYPE_NAMES,
	removeGroup,
	resetState,
	type ForecastState,
	type VariantOption,
} from '../../../contract/forecast.ts'
import type { ExplorerData } from '~/lib/forecast-explorer.server.ts'

const CHART_TYPE_NAMES: Record<(typeof CHART_TYPES)[number], string> = {
	column: 'Column',
	'column-stacked': 'Column (stacked)',
	bar: 'Bar',
	'bar-stacked': 'Bar (stacked)',
	line: 'Line',
	'line-stacked': 'Line (stacked)',
	sunburst: 'Sunburst',
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

/** The filter panel (spec 001 §4): a GET form for values, years, options and chart type; links for the group transitions. */
export function FilterPanel({ data, state, href }: { data: ExplorerData; state: ForecastState; href: (s: ForecastState) => string }) {
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
				<h2 className="forecast__add-title">Add filter</h2>
				<ul>
					{available.map((g) => (
						<li key={g.name}>{disabled ? <span className="forecast__disabled">{g.displayName}</span> : <Link to={href(addGroup(state, g.name))}>+ {g.displayName}</Link>}</li>
					))}
				</ul>
				{unavailable.length ? (
					<>
						<h2 className="forecast__add-title">Unavailable</h2>
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
