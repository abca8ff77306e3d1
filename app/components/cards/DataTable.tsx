import { useSearchParams } from '@remix-run/react'
import { pageNumberOf, TABLE_ALL_ROWS, TABLE_CARD_DEFAULT_PAGE_SIZE } from '../../../contract/card-rules.ts'
import { clampPage } from '../../../contract/paging.ts'
import { formatCell, isNumericColumn, type TableData } from './data-points.ts'
import { CardPager } from './parts.tsx'

/**
 * A card's figures as an accessible table: the header row as column headers, the first
 * column as row headers. With `pageSize` rows a page ("A max of -1 means all rows and no
 * paging"; "Paging applies only with more rows than page size plus one"), the page in the
 * URL parameter `pageParam`.
 */
export function DataTable({ data, caption, pageSize = TABLE_CARD_DEFAULT_PAGE_SIZE, pageParam, totalRowLabel }: { data: TableData; caption?: string; pageSize?: number; pageParam?: string; totalRowLabel?: string }) {
	const [params] = useSearchParams()
	const numeric = data.columns.map((_, index) => index > 0 && isNumericColumn(data.rows, index))
	const paged = pageParam !== undefined && pageSize !== TABLE_ALL_ROWS && pageSize > 0 && data.rows.length > pageSize + 1
	const totalPages = paged ? Math.ceil(data.rows.length / pageSize) : 1
	const page = paged ? clampPage(pageNumberOf(params.get(pageParam)), totalPages) : 1
	const rows = paged ? data.rows.slice((page - 1) * pageSize, page * pageSize) : data.rows
	return (
		<div className="data-table">
			{/* A table wider than a phone scrolls sideways: focusable, so a keyboard can scroll it. */}
			<div className="data-table__scroll" tabIndex={0} role="region" aria-label={caption ?? 'Table of figures'}>
				<table>
					{caption ? <caption>{caption}</caption> : null}
					<thead>
						<tr>
							{data.columns.map((column, index) => (
								<th key={index} scope="col" className={numeric[index] ? 'numeric' : undefined}>
									{column}
								</th>
							))}
						</tr>
					</thead>
					<tbody>
						{rows.map((row, rowIndex) => (
							<tr key={rowIndex} className={totalRowLabel && row[0] === totalRowLabel ? 'data-table__total' : undefined}>
								{row.map((cell, index) =>
									index === 0 ? (
										<th key={index} scope="row">
											{formatCell(cell, false)}
										</th>
									) : (
										<td key={index} className={numeric[index] ? 'numeric' : undefined}>
											{formatCell(cell, numeric[index])}
										</td>
									),
								)}
							</tr>
						))}
					</tbody>
				</table>
			</div>
			{paged && pageParam ? <CardPager page={page} totalPages={totalPages} param={pageParam} label="Table pages" /> : null}
		</div>
	)
}
