import { useEffect, useRef, type ReactNode } from 'react'
import { filterParam, TABLE_MESSAGES, type MinMaxAggregation, type TableConfig, type TableQuery } from '../../../contract/tables.ts'
import { formatCount } from '~/lib/format.ts'

/**
 * Our bound: a long facet in the no-access state shows this many values. Its list is a
 * preview that cannot be scrolled or used (about eight values show above its fade), and its
 * 131 countries (the seed's) were some 400 of the visitor's tracker page's 1,050 elements,
 * laid out and hydrated for nothing.
 */
export const NO_ACCESS_PREVIEW_VALUES = 12

/** Spec 002 §2: the filter panel is collapsible below 640 px (tables.css says the same width). */
const FILTERS_OPEN_FROM = '(min-width: 640px)'

/** The range-type select's "no choice": every range shown and applied. */
const ALL_RANGES = 'All ranges'

export type FacetCounts = { name: string; items: Record<string, number> }[]

/**
 * The table engine's filter sidebar: facets as checkboxes with their counts,
 * min/max ranges with their indeterminate option (shown only while the range is in use),
 * 'Updated from/to' dates and flags. Inside the table's GET form, so it works without
 * scripts; `disabled` is the no-access state. Collapsible (a details element) on narrow screens.
 */
export function FilterSidebar({
	config,
	query,
	aggregations,
	minMaxAggregations,
	disabled,
	latestDate,
	firstDate,
	resetHref,
	facetLabels = {},
	resetLabel = 'Reset',
	closeLabel,
	children,
}: {
	config: TableConfig
	query: TableQuery
	aggregations: FacetCounts
	minMaxAggregations: MinMaxAggregation[]
	disabled: boolean
	latestDate: string
	firstDate: string
	resetHref: string
	facetLabels?: Record<string, string>
	/** 'Reset' (the tracker), 'Reset filters' (the indexes). */
	resetLabel?: string
	/** A close button's label, when the panel has one besides its summary (the indexes). */
	closeLabel?: string
	/** Filters of the page's own (the events' dates), before the Apply button. */
	children?: ReactNode
}) {
	const counts = new Map(aggregations.map((aggregation) => [aggregation.name, aggregation.items]))
	const bounds = new Map(minMaxAggregations.map((aggregation) => [aggregation.title, aggregation]))
	// Spec 002 §2: collapsible below 640 px, where it starts closed so the results come first;
	// the server cannot know the width, so wider screens open it here and in tables.css.
	const panel = useRef<HTMLDetailsElement>(null)
	useEffect(() => {
		if (panel.current && window.matchMedia(FILTERS_OPEN_FROM).matches) panel.current.open = true
	}, [])
	// Wide screens show the panel whether or not it is open (tables.css) until the reader closes it here.
	const closePanel = () => {
		if (!panel.current) return
		panel.current.dataset.closed = 'true'
		panel.current.open = false
	}
	const reopened = () => {
		if (panel.current?.open) delete panel.current.dataset.closed
	}
	return (
		<details className="table-filters" ref={panel} onToggle={reopened}>
			<summary>Filters</summary>
			<fieldset className="table-filters__all" disabled={disabled}>
				{config.facets.map((facet) => {
					const items = counts.get(facet.name) ?? {}
					const chosen = query.facets[facet.name] ?? []
					const all = facet.options ?? [...new Set([...Object.keys(items), ...chosen])].sort((a, b) => a.localeCompare(b))
					if (all.length === 0) return null
					const values = disabled && !facet.options ? all.slice(0, NO_ACCESS_PREVIEW_VALUES) : all
					return (
						<fieldset key={facet.name} className="table-filter">
							<legend>{facetLabels[facet.name] ?? facet.name}</legend>
							<FacetOptions long={!facet.options} disabled={disabled}>
								{values.map((value) => (
									<label key={value}>
										<input type="checkbox" name={filterParam(facet.name)} value={value} defaultChecked={chosen.includes(value)} /> {value}{' '}
										<span className="count">({formatCount(items[value] ?? 0)})</span>
									</label>
								))}
							</FacetOptions>
						</fieldset>
					)
				})}
				{(config.choices ?? []).map((choice) => (
					<Labelled key={choice.name} label={choice.name}>
						<select name={filterParam(choice.name)} defaultValue={query.choices[choice.name] ?? choice.defaultOption}>
							{choice.options.map((option) => (
								<option key={option}>{option}</option>
							))}
						</select>
					</Labelled>
				))}
				{config.flags.map((flag) => (
					<label key={flag} className="table-filter__flag">
						<input type="checkbox" name={filterParam(flag)} value="true" defaultChecked={query.flags[flag]} /> {flag}
					</label>
				))}
				{config.rangeType && config.ranges.length > 1 ? (
					<Labelled label={config.rangeType.name}>
						{/* Spec 002 §4: choosing one resets the other ranges (the server drops them). */}
						<select name={filterParam(config.rangeType.name)} defaultValue={query.rangeType ?? ''}>
							<option value="">{ALL_RANGES}</option>
							{config.ranges.map((range) => (
								<option key={range.title}>{range.title}</option>
							))}
						</select>
					</Labelled>
				) : null}
				{config.ranges.map((range) => {
					if (query.rangeType && query.rangeType !== range.title) return null
					// A browser refuses a value off the step; decimal ranges take any decimal (spec 001 §5: "420,000 as 0.42").
					const step = range.step === 1 ? 1 : 'any'
					const input = query.ranges[range.title]
					const aggregation = bounds.get(range.title)
					const inUse = input && (input.minValue !== null || input.maxValue !== null)
					return (
						<fieldset key={range.title} className="table-filter" data-range="true">
							<legend>{range.title}</legend>
							<RangeInput label={range.minName} name={filterParam(range.minName)} value={input?.min ?? ''} step={step} min={0} placeholder={aggregation?.minValue} />
							<RangeInput
								label={range.maxName}
								name={filterParam(range.maxName)}
								value={input?.max ?? ''}
								step={step}
								min={input?.minValue ?? 0}
								placeholder={aggregation?.maxValue}
							/>
							{input?.max && input.maxValue === null ? <p className="warning">{TABLE_MESSAGES.rangeOrder(range.maxName, range.minName)}</p> : null}
							{(inUse || range.includeEmptyFromStart) && range.includeEmptyName ? (
								<label>
									<input type="checkbox" name={filterParam(range.includeEmptyName)} value="true" defaultChecked={input?.includeEmpty} /> {range.includeEmptyName}
								</label>
							) : null}
							{range.estimatesName ? (
								<label>
									<input type="checkbox" name={filterParam(range.estimatesName)} value="true" defaultChecked={input?.includeEstimates} /> {range.estimatesName}
								</label>
							) : null}
						</fieldset>
					)
				})}
				{config.dates ? (
					<fieldset className="table-filter">
						<legend>Updated</legend>
						{(
							[
								[config.dates.fromName, query.dates.from],
								[config.dates.toName, query.dates.to],
							] as const
						).map(([name, date]) => (
							<Labelled key={name} label={name}>
								<input
									type="date"
									name={filterParam(name)}
									defaultValue={date.input}
									min={firstDate}
									max={latestDate}
									aria-invalid={date.invalid || undefined}
									data-debounce="date"
								/>
								{date.invalid ? <span className="warning">{TABLE_MESSAGES.invalidDate(name)}</span> : null}
							</Labelled>
						))}
					</fieldset>
				) : null}
				{children}
				<button type="submit" className="button button--outline">
					Apply filters
				</button>
			</fieldset>
			<a href={resetHref} className="table-filters__reset">
				{resetLabel}
			</a>
			{closeLabel ? (
				<button type="button" className="button button--outline table-filters__close" onClick={closePanel}>
					{closeLabel}
				</button>
			) : null}
		</details>
	)
}

function Labelled({ label, children }: { label: string; children: ReactNode }) {
	return (
		<label className="table-filter__field">
			<span>{label}</span> {children}
		</label>
	)
}

function RangeInput({ label, name, value, step, min, placeholder }: { label: string; name: string; value: string; step: number | 'any'; min: number; placeholder?: number | null }) {
	return (
		<Labelled label={label}>
			<input
				type="number"
				name={name}
				defaultValue={value}
				min={min}
				step={step}
				placeholder={placeholder == null ? undefined : String(placeholder)}
				inputMode="decimal"
				data-debounce="range"
			/>
		</Labelled>
	)
}

/**
 * A facet's boxes; a long list scrolls. Not while the filters are disabled (no access): then
 * nothing in the list could take focus (axe counts all of a disabled fieldset's content as
 * unfocusable), so a keyboard could not scroll it (axe scrollable-region-focusable); the list
 * shows its first options as a preview instead, cut off like the scrolling one.
 */
function FacetOptions({ long, disabled, children }: { long: boolean; disabled: boolean; children: ReactNode }) {
	if (!long) return <>{children}</>
	return <div className={`table-filter--long${disabled ? ' table-filter--preview' : ''}`}>{children}</div>
}
