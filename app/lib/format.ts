/** Dates and counts as pages show them: en-GB, UTC, the same on the server and in the browser (contract/format.ts writes them). */
import { formatNumber } from '../../contract/format.ts'

export { formatDate, formatMonthYear, formatShortDate } from '../../contract/format.ts'
export const formatCount = (n: number) => formatNumber(n)
