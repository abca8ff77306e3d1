import { Link } from '@remix-run/react'
import { FORECAST_MESSAGES, formatForecastNumber, type ForecastState, type ForecastTableRow } from '../../../contract/forecast.ts'
import { blocksOf } from './table.ts'

/** The rows arrive sorted and capped by the loader (forPage); they are only grouped here. */
export function ForecastTable({ rows, capped, total, headers, state, groups, href }: { rows: ForecastTableRow[]; capped: boolean; total: ForecastTableRow; headers: string[]; state: ForecastState; groups: number; href: (s: ForecastState) => string }) {
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
