/**
 * The tariff survey's data tables (documents of type tariffsurvey with extension xlsx): a
 * real workbook made with exceljs, the water and wastewater tariffs of the survey's 569
 * cities in 186 countries (spec 002 §1's marketing figures), drawn deterministically from
 * the document's name so the same edition always holds the same figures.
 */
import ExcelJS from 'exceljs'
import { MARKETING_FIGURES } from '../../contract/commerce.ts'
import { COUNTRIES, USD_PER_UNIT } from '../seed/geographies.ts'
import { CITIES_BY_COUNTRY } from '../seed/places.ts'
import { Random } from '../seed/random.ts'

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
export const TARIFF_SHEET = 'Tariffs'

export type TariffRow = { city: string; country: string; currency: string; water: number; wastewater: number; combinedUsd: number; change: number }

/** The survey's cities: the largest markets first, one city each, then a second and third... up to 569. */
export function tariffSurveyRows(label: string): TariffRow[] {
	const rng = Random.for(`tariff-survey/${label}`)
	const countries = [...COUNTRIES].sort((a, b) => b.weight - a.weight || a.name.localeCompare(b.name)).slice(0, MARKETING_FIGURES.tariffSurveyCountries)
	const cities = countries.map((country) => (CITIES_BY_COUNTRY.get(country.code) ?? [{ name: country.name }]).map((city) => ({ city: city.name, country })))
	const picked: (typeof cities)[number] = []
	for (let round = 0; picked.length < MARKETING_FIGURES.tariffSurveyCities && cities.some((list) => list.length > round); round++) {
		for (const list of cities) if (list[round] && picked.length < MARKETING_FIGURES.tariffSurveyCities) picked.push(list[round]!)
	}
	return picked.map(({ city, country }) => {
		const usdPerUnit = USD_PER_UNIT[country.currency] ?? 1
		const waterUsd = rng.float(0.15, 4.5)
		const wastewaterUsd = waterUsd * rng.float(0.3, 1.2)
		const local = (usd: number) => Math.round((usd / usdPerUnit) * 100) / 100
		return { city, country: country.name, currency: country.currency, water: local(waterUsd), wastewater: local(wastewaterUsd), combinedUsd: Math.round((waterUsd + wastewaterUsd) * 100) / 100, change: Math.round(rng.float(-3, 18) * 10) / 10 }
	})
}

export async function renderTariffSurveyXlsx(source: { name: string; publicationDate: Date }): Promise<Uint8Array> {
	const workbook = new ExcelJS.Workbook()
	workbook.creator = 'Global Water Intelligence'
	workbook.title = source.name
	// Dated by the edition, so the same document renders to the same workbook.
	workbook.created = source.publicationDate
	workbook.modified = source.publicationDate
	const sheet = workbook.addWorksheet(TARIFF_SHEET)
	sheet.columns = [
		{ header: 'City', width: 24 },
		{ header: 'Country', width: 24 },
		{ header: 'Currency', width: 10 },
		{ header: 'Water tariff (local currency per m³)', width: 18 },
		{ header: 'Wastewater tariff (local currency per m³)', width: 18 },
		{ header: 'Combined tariff (US$ per m³)', width: 16 },
		{ header: 'Change on last year (%)', width: 14 },
	]
	sheet.getRow(1).font = { bold: true }
	sheet.views = [{ state: 'frozen', ySplit: 1 }]
	for (const row of tariffSurveyRows(source.name)) sheet.addRow([row.city, row.country, row.currency, row.water, row.wastewater, row.combinedUsd, row.change])
	const about = workbook.addWorksheet('About')
	about.addRows([[source.name], [`Global Water Intelligence, published ${source.publicationDate.toISOString().slice(0, 10)}`], [`Water and wastewater tariffs of ${MARKETING_FIGURES.tariffSurveyCities} cities in ${MARKETING_FIGURES.tariffSurveyCountries} countries, for a household using 15 m³ a month, taxes included.`]])
	about.getRow(1).font = { bold: true, size: 14 }
	return new Uint8Array(await workbook.xlsx.writeBuffer())
}
