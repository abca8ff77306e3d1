/** Mergers and acquisitions (>= 800) from 2005 to the current year, linked to companies. */
import { mergerCompanies, mergers } from '../db/schema.ts'
import type { CompanyRow } from './companies.ts'
import type { Geographies } from './geographies.ts'
import { USD_PER_UNIT } from './geographies.ts'
import { DAY_MS, insertAll, isoDate, scaled, SlugRegistry, type SeedContext } from './util.ts'

const ACQUIROR_TYPES: [string, number][] = [
	['Strategic', 40],
	['Private equity', 20],
	['Infrastructure fund', 14],
	['Utility', 10],
	['Pension fund', 5],
	['Sovereign wealth fund', 3],
	['Family office', 3],
	['Management buyout', 3],
	['Engineering group', 2],
]

const SECTOR_BY_KIND: Record<string, string[]> = {
	contractor: ['Engineering & construction', 'Desalination'],
	technology: ['Technology', 'Desalination', 'Industrial water'],
	operator: ['Utility', 'Water services'],
	consultant: ['Engineering & consulting'],
	investor: ['Utility', 'Water services'],
	chemicals: ['Chemicals'],
	digital: ['Digital', 'Technology'],
	equipment: ['Equipment', 'Pumps & valves', 'Metering'],
}

/**
 * Spec 001 §6 "Include estimates": one priced deal in this many carries GWI's estimate of the
 * price (from the parties' results or the press), not a price the parties disclosed. Chosen by
 * id, so the seed's random sequence, and every figure drawn from it, stays as it was.
 */
const PRICE_ESTIMATE_EVERY = 5

const PERCENTS = [100, 100, 100, 100, 100, 100, 51, 49, 30, 25, 20, 60, 75, 80, 40, 10]

const NOTES = [
	'The acquisition extends {acquiror}’s presence in {country} and adds {target}’s {sector} portfolio.',
	'{acquiror} said the deal would strengthen its position in the {sector} market and create cross-selling opportunities.',
	'The transaction was run as a competitive auction, with several infrastructure funds reported to have bid.',
	'{vendor} is selling as part of a strategy to focus on its core business.',
	'The deal is subject to regulatory approval and is expected to close within six months.',
	'{target} has grown revenues by double digits annually over the past three years.',
	'The price represents a multiple of around {multiple} times EBITDA.',
	'Management will reinvest alongside {acquiror} and retain a minority stake.',
	'The transaction gives {acquiror} a platform for further bolt-on acquisitions.',
	'Financial terms were not disclosed.',
]

export async function seedMergers(ctx: SeedContext, geo: Geographies, companyRows: CompanyRow[]): Promise<number> {
	const rng = ctx.rng('mergers')
	const total = scaled(ctx, 860)
	const thisYear = ctx.today.getUTCFullYear()
	const years = Array.from({ length: thisYear - 2005 + 1 }, (_, i) => 2005 + i)
	// Activity grows over time (with a dip around 2009 and 2020).
	const yearWeights = years.map((y) => (1 + (y - 2005) * 0.12) * (y === 2009 || y === 2020 ? 0.6 : 1) * (y === thisYear ? (ctx.today.getUTCMonth() + 1) / 12 : 1))
	const investors = companyRows.filter((c) => c.kind === 'investor' || c.kind === 'operator' || c.size > 200)
	const targets = companyRows.filter((c) => c.kind !== 'investor')
	const slugs = new SlugRegistry()
	const typeNames = ACQUIROR_TYPES.map((a) => a[0])
	const typeWeights = ACQUIROR_TYPES.map((a) => a[1])
	const rows: (typeof mergers.$inferInsert)[] = []
	const links: (typeof mergerCompanies.$inferInsert)[] = []
	for (let i = 0; i < total; i++) {
		const id = i + 1
		const year = rng.weighted(years, yearWeights)
		const yearStart = Date.UTC(year, 0, 1)
		const yearEnd = Math.min(Date.UTC(year, 11, 31), ctx.today.getTime() - DAY_MS)
		const announced = new Date(yearStart + Math.floor(rng.next() * Math.max(1, (yearEnd - yearStart) / DAY_MS)) * DAY_MS)
		const target = rng.pick(targets)
		let acquiror = rng.chance(0.6) ? rng.pick(investors) : rng.pick(companyRows)
		if (acquiror.id === target.id) acquiror = companyRows[(companyRows.indexOf(acquiror) + 1) % companyRows.length]
		const acquirorType = acquiror.kind === 'investor' ? rng.pick(['Private equity', 'Infrastructure fund', 'Pension fund', 'Sovereign wealth fund']) : acquiror.kind === 'operator' ? rng.pick(['Utility', 'Strategic']) : rng.weighted(typeNames, typeWeights)
		const vendor = rng.chance(0.45) ? rng.pick(companyRows) : null
		const targetLinked = rng.chance(0.88)
		const targetName = target.name
		const sector = rng.pick(SECTOR_BY_KIND[target.kind] ?? ['Water services'])
		const targetCountry = geo.countryById.get(target.countryId)!
		const currency = targetCountry.info.currency
		const rate = USD_PER_UNIT[currency] ?? 1
		const percent = rng.pick(PERCENTS)
		const disclosed = rng.chance(0.62)
		const priceUsd = disclosed ? Math.round(rng.logNormal(Math.max(5, target.size * 1.8), 0.9) * (percent / 100) * 10) / 10 : null
		const ageDays = (ctx.today.getTime() - announced.getTime()) / DAY_MS
		const completed = ageDays < 120 ? rng.chance(0.35) : rng.chance(0.9)
		const vars: Record<string, string> = {
			acquiror: acquiror.name,
			target: targetName,
			vendor: vendor?.name ?? 'The vendor',
			country: targetCountry.name,
			sector: sector.toLowerCase(),
			multiple: rng.float(8, 18).toFixed(1),
		}
		const notes = rng
			.sample(NOTES.filter((n) => (vendor || !n.includes('{vendor}')) && (disclosed || !n.includes('multiple')) && (!disclosed || !n.includes('not disclosed'))), rng.int(1, 3))
			.map((n) => n.replace(/\{(\w+)\}/g, (_, k: string) => vars[k]))
			.join(' ')
		const hasFinancials = rng.chance(0.4)
		rows.push({
			id,
			slug: slugs.take(`${targetName} ${acquiror.name} ${year}`),
			year,
			announcedDate: isoDate(announced),
			// In the index from its announcement, and unchanged since (an alert's digest reads these).
			dateAdded: announced,
			dateLastModified: announced,
			targetName,
			vendorName: vendor?.name ?? null,
			acquirorName: acquiror.name,
			acquirorType,
			mergerSector: sector,
			targetCountryId: target.countryId,
			vendorCountryId: vendor?.countryId ?? null,
			acquirorCountryId: acquiror.countryId,
			percentAcquired: percent,
			priceLocal: priceUsd === null ? null : Math.round((priceUsd / rate) * 10) / 10,
			priceCurrency: priceUsd === null ? null : currency,
			priceDollars: priceUsd,
			priceIsEstimate: priceUsd !== null && id % PRICE_ESTIMATE_EVERY === 0,
			revenue: hasFinancials ? Math.round((target.size * rng.float(0.8, 2.5)) / rate) : null,
			revenueCurrency: hasFinancials ? currency : null,
			profit: hasFinancials ? Math.round((target.size * rng.float(0.05, 0.3)) / rate) : null,
			profitCurrency: hasFinancials ? currency : null,
			dealCompleted: completed,
			description: notes,
		})
		if (targetLinked) links.push({ mergerId: id, companyId: target.id, role: 'target' })
		if (rng.chance(0.92)) links.push({ mergerId: id, companyId: acquiror.id, role: 'acquiror' })
		if (vendor && vendor.id !== target.id && vendor.id !== acquiror.id) links.push({ mergerId: id, companyId: vendor.id, role: 'vendor' })
	}
	await insertAll(ctx.db, mergers, rows)
	// One company may be target and acquiror of the same deal only once per role.
	const seen = new Set<string>()
	await insertAll(
		ctx.db,
		mergerCompanies,
		links.filter((l) => {
			const key = `${l.mergerId}/${l.companyId}/${l.role}`
			if (seen.has(key)) return false
			seen.add(key)
			return true
		}),
	)
	return rows.length
}
