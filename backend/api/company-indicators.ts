/**
 * A company's financial indicators (spec 000 §3 "Indicators and financial stats"), for the
 * financial stats card of the company page:
 *   GET /companies/slug/{slug}/indicators    the latest year of each indicator, and its years (the revenue chart)
 * Company financial data is Strategist content (spec 000 §6: read:strategy or
 * read:strategy-beta); anyone else gets 403 Forbidden, on which the site hides the card.
 */
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import type { FinancialIndicator } from '../../contract/entities.ts'
import type { ApiEnv, Resource } from './context.ts'
import { itemsResponse } from './envelope.ts'
import { forbidden, notFound } from './errors.ts'
import { iso } from './sql.ts'

/** Indicators are stored in millions; from this many millions they read in billions. */
const BILLION_IN_MILLIONS = 1000
/** Spec 001 §3: "Revenue suffixes bn and m expand to Billion and Million." */
export const UNIT_DISPLAY_NAMES: Record<string, string> = { bn: 'Billion', m: 'Million' }

/** A value in millions, rounded for a stats tile: 1 decimal place, in m or bn. */
export function roundMillions(millions: number): { value: number; unit: 'm' | 'bn' } {
	if (Math.abs(millions) >= BILLION_IN_MILLIONS) return { value: Math.round(millions / 100) / 10, unit: 'bn' }
	return { value: Math.round(millions * 10) / 10, unit: 'm' }
}

type IndicatorRow = {
	indicator: string
	indicator_display_name: string
	year: number
	value: number
	currency: string
	value_usd: number
	unit: string
	footnote: string | null
	full_date: string | null
}

export const companyIndicators: Resource = ({ db }) =>
	new Hono<ApiEnv>().get('/slug/:slug/indicators', async (c) => {
		if (!c.get('access').isStrategist) throw forbidden()
		const slug = c.req.param('slug')
		const { rows: companies } = await db.execute<{ id: number }>(sql`select id from companies where slug = ${slug}`)
		if (!companies[0]) throw notFound(`company ${slug}`)
		// The latest year of each indicator, in the order the indicators were first recorded.
		const { rows } = await db.execute<IndicatorRow>(sql`
			select * from (
				select distinct on (indicator) indicator, indicator_display_name, year, value, currency, value_usd, unit, footnote, full_date,
					min(id) over (partition by indicator) as first_id
				from company_indicators where company_id = ${companies[0].id}
				order by indicator, year desc, id desc
			) latest order by first_id`)
		const { rows: years } = await db.execute<{ indicator: string; year: number; value: number }>(
			sql`select indicator, year, value from company_indicators where company_id = ${companies[0].id} order by indicator, year, id`,
		)
		const history = new Map<string, { year: number; value: number }[]>()
		for (const row of years) {
			const list = history.get(row.indicator) ?? []
			// One value a year: the last recorded wins, as for the latest year above.
			if (list.at(-1)?.year === row.year) list.pop()
			list.push({ year: row.year, value: row.value })
			history.set(row.indicator, list)
		}
		const items: FinancialIndicator[] = rows.map((row) => {
			// Stored in millions ('m'); anything else is passed through as it is.
			const local = row.unit === 'm' ? roundMillions(row.value) : { value: row.value, unit: row.unit }
			const usd = row.unit === 'm' ? roundMillions(row.value_usd) : { value: row.value_usd, unit: row.unit }
			return {
				indicator: row.indicator,
				indicatorDisplayName: row.indicator_display_name,
				year: row.year,
				value: row.value,
				currency: row.currency,
				roundedValue: local.value,
				roundedUnit: local.unit,
				unitDisplayName: UNIT_DISPLAY_NAMES[local.unit] ?? local.unit,
				roundedValueUSD: usd.value,
				roundedUnitUSD: usd.unit,
				footnote: row.footnote,
				fullDate: iso(row.full_date),
				lastUpdated: iso(row.full_date),
				history: history.get(row.indicator) ?? [],
			}
		})
		return itemsResponse(c, items)
	})
