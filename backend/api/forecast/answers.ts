/**
 * Forecast answers kept in process by their query and release. The facts change only when a
 * release is published, so the same query against the same release has the same answer for
 * every reader: members opening the explorer, its downloads and the database chart cards ask
 * the same few hundred queries over and over, and each cost a scan of forecast_facts.
 *
 * The key names everything the answer depends on: the query (report type, variant, groups,
 * filters, years, CAGR, sunburst) and the measure's release date, so a newly published
 * release is never answered from the old one even before the change notice arrives. Preview
 * answers are not kept (unpublished facts are loaded between releases). Every content-change
 * notice empties the cache on every host (server.ts forgetStaleCopies), as it does the chart
 * drawings. Concurrent readers of one key share one load (lru-cache fetch).
 */
import { keptAnswers } from '../kept-answers.ts'
import type { ForecastResult } from '../../../contract/forecast.ts'

/**
 * Our choice: the bound, in table rows and sunburst points (a row with 21 years is some
 * hundreds of bytes, so the bound is some tens of MB); the least recently used leave first.
 */
export const FORECAST_ANSWERS_MAX_ROWS = 60_000

/** The rows an answer holds, for the bound. */
const sizeOf = (result: ForecastResult) =>
	1 + result.dataForTable.rows.length + Object.values(result.dataForChart.sunburst).reduce((sum, points) => sum + points.length, 0)

const answers = keptAnswers<ForecastResult>({ maxSize: FORECAST_ANSWERS_MAX_ROWS, sizeCalculation: sizeOf })

/** The answer kept under `key`, loading it once when there is none. */
export async function keptForecast(key: string, load: () => Promise<ForecastResult>): Promise<ForecastResult> {
	return answers.get(key, load)
}

/** Forgets every kept answer (tests). */
export function forgetForecastAnswers(): void {
	answers.clear()
}
