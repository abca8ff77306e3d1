import { Form, Link, useLocation, useSubmit } from '@remix-run/react'
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../../contract/constants.ts'

/** The current URL with `param` set to `page` (dropped on page 1), other parameters kept. */
export function usePageHref(param: string) {
	const { pathname, search } = useLocation()
	return (page: number, hash = '') => {
		const params = new URLSearchParams(search)
		if (page <= 1) params.delete(param)
		else params.set(param, String(page))
		const query = params.toString()
		return `${pathname}${query ? `?${query}` : ''}${hash}`
	}
}

/**
 * Previous / Page n of m / Next as links (spec 000 §2): previous disabled on page 1, next on
 * the last page, nothing at all with one page or fewer. Every other URL parameter is kept.
 * Lists page the whole page; a card pages in place (its anchor, no scroll to the top).
 */
export function PageLinks({
	page,
	totalPages,
	param,
	label = 'Pagination',
	className,
	hash,
	inPlace = false,
}: {
	page: number
	totalPages: number
	param: string
	label?: string
	className: string
	hash?: string
	inPlace?: boolean
}) {
	const href = usePageHref(param)
	if (totalPages <= 1) return null
	return (
		<nav className={`pager ${className}`} aria-label={label}>
			{page > 1 ? (
				<Link to={href(page - 1, hash)} rel="prev" preventScrollReset={inPlace} className="button button--outline">
					Previous
				</Link>
			) : (
				<span className="button button--outline" aria-disabled="true">
					Previous
				</span>
			)}
			<span className="pager__status">
				Page {page} of {totalPages}
			</span>
			{page < totalPages ? (
				<Link to={href(page + 1, hash)} rel="next" preventScrollReset={inPlace} className="button button--outline">
					Next
				</Link>
			) : (
				<span className="button button--outline" aria-disabled="true">
					Next
				</span>
			)}
		</nav>
	)
}

/**
 * Spec 000 §2 list pagination: the page links, and the page size; changing the page size
 * goes back to page 1. Links and a GET form, so it works without scripts; with scripts the
 * size applies on change.
 */
export function Pagination({
	page,
	pageSize,
	totalPages,
	totalHits,
	pageParam = 'page',
	sizeOptions: offered = PAGE_SIZE_OPTIONS,
}: {
	page: number
	pageSize: number
	totalPages: number
	totalHits: number
	/** Site search keeps the spec's `pageNum`; list pages say `page`. */
	pageParam?: string
	/** The sizes offered (spec 000 §5 by default; the indexes offer 20, 50, 100). */
	sizeOptions?: readonly number[]
}) {
	const location = useLocation()
	const submit = useSubmit()
	const keptParams = [...new URLSearchParams(location.search)].filter(([name]) => name !== pageParam && name !== 'pageSize')
	const sizeOptions = offered.includes(pageSize) ? offered : [pageSize, ...offered]
	return (
		<div className="pagination">
			<PageLinks page={page} totalPages={totalPages} param={pageParam} className="pagination__pages" />
			{totalHits > offered[0] || pageSize !== (offered[0] ?? DEFAULT_PAGE_SIZE) ? (
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
