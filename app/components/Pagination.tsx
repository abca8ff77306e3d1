import { Form, Link, useLocation, useSubmit } from '@remix-run/react'
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '~/lib/constants.ts'

/**
 * Spec 000 §2 list pagination: previous disabled on page 1, next on the last page; the
 * pager is hidden with one page or fewer; changing the page size goes back to page 1.
 * Links and a GET form, so it works without scripts; with scripts the size applies on change.
 */
export function Pagination({
	page,
	pageSize,
	totalPages,
	totalHits,
	pageParam = 'page',
}: {
	page: number
	pageSize: number
	totalPages: number
	totalHits: number
	/** Site search keeps the spec's `pageNum`; list pages say `page`. */
	pageParam?: string
}) {
	const location = useLocation()
	const submit = useSubmit()
	const params = new URLSearchParams(location.search)
	const hrefFor = (target: number) => {
		const next = new URLSearchParams(params)
		if (target <= 1) next.delete(pageParam)
		else next.set(pageParam, String(target))
		const query = next.toString()
		return `${location.pathname}${query ? `?${query}` : ''}`
	}
	const keptParams = [...params].filter(([name]) => name !== pageParam && name !== 'pageSize')
	const sizeOptions = (PAGE_SIZE_OPTIONS as readonly number[]).includes(pageSize) ? PAGE_SIZE_OPTIONS : [pageSize, ...PAGE_SIZE_OPTIONS]
	return (
		<div className="pagination">
			{totalPages > 1 ? (
				<nav aria-label="Pagination" className="pagination__pages">
					{page > 1 ? (
						<Link to={hrefFor(page - 1)} rel="prev" className="button button--outline">
							Previous
						</Link>
					) : (
						<span className="button button--outline" aria-disabled="true">
							Previous
						</span>
					)}
					<span className="pagination__status">
						Page {page} of {totalPages}
					</span>
					{page < totalPages ? (
						<Link to={hrefFor(page + 1)} rel="next" className="button button--outline">
							Next
						</Link>
					) : (
						<span className="button button--outline" aria-disabled="true">
							Next
						</span>
					)}
				</nav>
			) : null}
			{totalHits > DEFAULT_PAGE_SIZE || pageSize !== DEFAULT_PAGE_SIZE ? (
				<Form method="get" className="pagination__size" onChange={(event) => submit(event.currentTarget)}>
					{keptParams.map(([name, value], index) => (
						<input key={`${name}-${index}`} type="hidden" name={name} value={value} />
					))}
					<label htmlFor="page-size">Per page</label>
					<select id="page-size" name="pageSize" defaultValue={pageSize}>
						{sizeOptions.map((size) => (
							<option key={size} value={size}>
								{size}
							</option>
						))}
					</select>
					<button type="submit" className="button button--outline">
						Show
					</button>
				</Form>
			) : null}
		</div>
	)
}
