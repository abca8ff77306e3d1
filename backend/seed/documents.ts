/** Documents: >= 100 of each type (white papers, tariff surveys, IDRA handbooks, CTO briefings, magazines, market reports, newsletters). */
import { documents } from '../db/schema.ts'
import { writeDocumentFiles } from '../files/document-files.ts'
import { fileStorageFromEnv } from '../files/storage.ts'
import type { CompanyRow } from './companies.ts'
import { DEMO_DRAFT_DOCUMENT } from './demo-accounts.ts'
import { DOCUMENT_COVERS } from './images.ts'
import { REGIONS } from './geographies.ts'
import { addDays, addHours, insertAll, previewSecret, scaled, slugify, SlugRegistry, type SeedContext } from './util.ts'

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

const WHITEPAPER_TOPICS = [
	'Cutting the energy cost of seawater reverse osmosis',
	'A practical guide to PFAS treatment',
	'Digital twins for water networks',
	'Designing for direct potable reuse',
	'Zero liquid discharge in the semiconductor industry',
	'Aerobic granular sludge: ten years of full-scale experience',
	'Reducing non-revenue water with pressure management',
	'Making biosolids a resource',
	'Brine management options for inland desalination',
	'The business case for smart metering',
	'Ultrapure water for the next generation of fabs',
	'Decarbonising wastewater treatment',
	'Lifecycle cost of ultrafiltration pretreatment',
	'Cybersecurity for operational technology in water',
	'Water for green hydrogen',
]

const CTO_TOPICS = ['Membrane fouling control', 'Energy recovery devices', 'UV-LED disinfection', 'Anammox in mainstream treatment', 'Satellite leak detection', 'PFAS destruction technologies', 'Electrochemical treatment', 'Forward osmosis', 'Capacitive deionisation', 'Thermal hydrolysis', 'AI for process control', 'Ceramic membranes', 'Hydrogen from wastewater', 'Phosphorus recovery', 'Acoustic monitoring']

const REPORTS = ['Global Water Market', 'Desalination Markets', 'Water Reuse Markets', 'Industrial Water Markets', 'Smart Water Networks', 'Sludge Management Markets', 'Water Treatment Chemicals Markets', 'Water Technology Markets']

type DocType = (typeof documents.$inferInsert)['documentType']

export async function seedDocuments(ctx: SeedContext, companyRows: CompanyRow[]): Promise<number> {
	const rng = ctx.rng('documents')
	const today = ctx.today
	const perType = scaled(ctx, 110)
	const slugs = new SlugRegistry()
	const partners = companyRows.filter((c) => c.isPartner)
	const rows: (typeof documents.$inferInsert)[] = []
	const thisYear = today.getUTCFullYear()
	const push = (type: DocType, name: string, description: string, publicationDate: Date, opts: Partial<typeof documents.$inferInsert> = {}) => {
		const slug = slugs.take(name)
		const publication = publicationDate >= today ? addHours(addDays(today, -1), 9) : publicationDate
		rows.push({
			slug,
			name,
			description,
			image: type === 'whitepaper' || type === 'cto' ? DOCUMENT_COVERS.whitepaper : type === 'magazine' || type === 'newsletter' ? DOCUMENT_COVERS.magazine : DOCUMENT_COVERS.report,
			documentType: type,
			extension: 'pdf',
			filePath: `/files/${slug}.pdf`,
			sampleFilePath: null,
			isHyperlink: false,
			permissionLevels: ['read:executive'],
			samplePermissionLevels: [],
			isDraft: false,
			previewSecret: null,
			publicationDate: publication,
			...opts,
		})
	}
	const monthsAgo = (n: number) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - n, 1, 9))

	// White papers: free to registered readers, mostly from partners.
	for (let i = 0; i < perType; i++) {
		const topic = WHITEPAPER_TOPICS[i % WHITEPAPER_TOPICS.length]
		const partner = partners.length ? partners[i % partners.length] : undefined
		const name = partner ? `${topic} (${partner.name})` : topic
		push('whitepaper', name, `A white paper${partner ? ` from ${partner.name}` : ''} on ${topic.charAt(0).toLowerCase()}${topic.slice(1)}, with case studies and cost data.`, addDays(today, -rng.int(1, 4 * 365)), {
			permissionLevels: [],
			...(i % 17 === 5 ? { isHyperlink: true, filePath: `https://www.${partner?.slug ?? 'gwi'}.example/white-papers/${slugify(topic)}` } : {}),
		})
	}
	// Tariff surveys: an annual global edition plus regional and data editions; free samples.
	for (let i = 0; rows.filter((r) => r.documentType === 'tariffsurvey').length < perType; i++) {
		const year = thisYear - Math.floor(i / 6)
		const part = i % 6
		const date = new Date(Date.UTC(year, 8, 15, 9))
		const name = part === 0 ? `GWI Tariff Survey ${year}` : part === 5 ? `GWI Tariff Survey ${year}: data tables` : `GWI Tariff Survey ${year}: ${REGIONS[part - 1].name}`
		push('tariffsurvey', name, `Water and wastewater tariffs ${part === 0 || part === 5 ? 'in more than 500 cities worldwide' : `across ${REGIONS[Math.max(0, part - 1)].name}`}, with year-on-year changes and affordability analysis.`, date, {
			extension: part === 5 ? 'xlsx' : 'pdf',
			sampleFilePath: part === 5 ? null : `/files/samples/tariff-survey-${year}-${part}-sample.pdf`,
			samplePermissionLevels: [],
		})
		if (part === 5) rows[rows.length - 1].filePath = rows[rows.length - 1].filePath!.replace(/\.pdf$/, '.xlsx')
	}
	// IDRA handbooks: yearbooks and reuse handbooks with free samples.
	for (let i = 0; rows.filter((r) => r.documentType === 'idra-handbook').length < perType; i++) {
		const year = thisYear - Math.floor(i / 4)
		const edition = ['IDRA Desalination Yearbook', 'IDRA Water Reuse Handbook', 'IDRA Desalination Directory', 'IDRA Industrial Water Handbook'][i % 4]
		push('idra-handbook', `${edition} ${year}–${String(year + 1).slice(2)}`, `The ${edition.replace('IDRA ', '')} published with the International Desalination and Reuse Association: market data, plant lists and analysis.`, new Date(Date.UTC(year, 9, 1, 9)), {
			sampleFilePath: `/files/samples/${slugs.take(`${edition} ${year} sample`)}.pdf`,
			samplePermissionLevels: [],
		})
	}
	// CTO briefings.
	for (let i = 0; i < perType; i++) {
		const topic = CTO_TOPICS[i % CTO_TOPICS.length]
		push('cto', `CTO Briefing: ${topic}${i >= CTO_TOPICS.length ? ` (${Math.floor(i / CTO_TOPICS.length) + 1})` : ''}`, `GWI’s technology analysts assess ${topic.toLowerCase()}: maturity, cost, suppliers and where it is being deployed.`, addDays(today, -rng.int(1, 5 * 365)))
	}
	// Monthly magazine issues.
	for (let i = 0; i < perType; i++) {
		const date = monthsAgo(i)
		const year = date.getUTCFullYear()
		push('magazine', `Global Water Intelligence, ${MONTHS[date.getUTCMonth()]} ${year}`, `Volume ${year - 2000 + 1}, Issue ${date.getUTCMonth() + 1}. The month’s news, analysis, Market Maps and project intelligence.`, date)
	}
	// Market reports (strategist).
	for (let i = 0; i < perType; i++) {
		const year = thisYear - Math.floor(i / REPORTS.length)
		const report = REPORTS[i % REPORTS.length]
		push('marketreport', `${report} ${year}`, `GWI’s ${report.toLowerCase()} report: market sizing, forecasts to ${year + 6}, key players and procurement pipeline.`, new Date(Date.UTC(year, (i * 5) % 12, 10, 9)), {
			permissionLevels: ['read:strategy', 'read:strategy-beta'],
			sampleFilePath: `/files/samples/${slugs.take(`${report} ${year} sample`)}.pdf`,
			samplePermissionLevels: [],
		})
	}
	// Newsletter PDFs.
	for (let i = 0; i < perType; i++) {
		const date = addHours(addDays(today, -7 * (i + 1)), 6)
		push('newsletter', `Global Water Intelligence weekly newsletter, ${date.toLocaleString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}`, 'The PDF edition of the weekly newsletter.', date, {
			permissionLevels: ['read:executive', 'read:executive-trial'],
		})
	}
	// A few drafts with preview secrets, dated today.
	for (const type of ['whitepaper', 'marketreport', 'magazine'] as const) {
		push(type, `Draft: ${type === 'magazine' ? `Global Water Intelligence, ${MONTHS[(today.getUTCMonth() + 1) % 12]}` : type === 'whitepaper' ? 'Water for data centres' : `Global Water Market ${thisYear + 1}`}`, 'Unpublished draft.', addDays(today, -1), {
			isDraft: true,
			// The white paper is the README's demo draft, with a documented secret (the stream drawn all the same).
			previewSecret: type === 'whitepaper' ? (rng.hex(16), DEMO_DRAFT_DOCUMENT.secret) : (rng.hex(16), previewSecret()),
			// Access as its published kind: white papers are free to registered readers, market reports for Strategists.
			...(type === 'whitepaper' ? { permissionLevels: [] } : type === 'marketreport' ? { permissionLevels: ['read:strategy', 'read:strategy-beta'] } : {}),
		})
	}
	rows.sort((a, b) => a.publicationDate.getTime() - b.publicationDate.getTime() || (a.slug < b.slug ? -1 : 1))
	rows.forEach((r, i) => (r.id = i + 1))
	await insertAll(ctx.db, documents, rows)
	await writeSeedDocumentFiles(ctx, rows)
	return rows.length
}

/**
 * The documents' files (real PDFs: a title page and sample pages; the tariff survey's data
 * tables as xlsx) in file storage (the local folder or the bucket), written on first start:
 * a file already there is kept, so later starts and test databases cost nothing. Two at a
 * time: the machine may be shared.
 */
async function writeSeedDocumentFiles(ctx: SeedContext, rows: (typeof documents.$inferInsert)[]) {
	const storage = fileStorageFromEnv()
	let written = 0
	const queue = [...rows]
	const worker = async () => {
		for (let row = queue.shift(); row; row = queue.shift()) {
			written += await writeDocumentFiles(storage, {
				name: row.name,
				description: row.description ?? null,
				documentType: row.documentType,
				publicationDate: row.publicationDate,
				filePath: row.filePath ?? null,
				sampleFilePath: row.sampleFilePath ?? null,
				extension: row.extension ?? 'pdf',
				isHyperlink: row.isHyperlink ?? false,
			})
		}
	}
	try {
		await Promise.all([worker(), worker()])
	} catch (error) {
		// Storage that refuses us (a bucket's wrong keys) must not stop the site: downloads write
		// a missing file when first asked for it, and say 'Download failed' while storage fails.
		ctx.log(`[seed] could not write document files to ${storage.location} (${error instanceof Error ? error.message : String(error)}); they will be written on first download`)
	}
	if (written > 0) ctx.log(`[seed] wrote ${written} document files to ${storage.location}`)
}
