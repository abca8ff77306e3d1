/** Countries (ISO 3166 alpha-2, lowercase slugs) and the five GWI regions xa..xe. */
import { geographies } from '../db/schema.ts'
import { insertAll, type SeedContext } from './util.ts'

export type RegionSlug = 'xa' | 'xb' | 'xc' | 'xd' | 'xe'

export const REGIONS: { slug: RegionSlug; name: string; projectRegion: string; description: string }[] = [
	{
		slug: 'xa',
		name: 'Middle East/Africa',
		projectRegion: 'Middle East & Africa',
		description:
			'The world’s desalination heartland, where Gulf states procure giant IWPs and ISTPs through PPPs while Africa’s utilities race to close access gaps with DFI-backed schemes.',
	},
	{
		slug: 'xb',
		name: 'Europe',
		projectRegion: 'Europe',
		description:
			'A mature, regulated market driven by the revised Urban Wastewater Treatment Directive, asset renewal, micropollutant removal and drought resilience, plus Russia and Central Asia.',
	},
	{
		slug: 'xc',
		name: 'North America',
		projectRegion: 'North America',
		description:
			'The largest single water market, shaped by federal infrastructure funding, lead service line replacement, PFAS regulation and a steady stream of utility consolidation deals.',
	},
	{
		slug: 'xd',
		name: 'Latin America',
		projectRegion: 'Latin America',
		description:
			'Concession-led investment in sanitation, with Brazil’s new legal framework, Chile’s mining desalination and Mexico’s water stress setting the pace.',
	},
	{
		slug: 'xe',
		name: 'Asia-Pacific',
		projectRegion: 'Asia Pacific',
		description:
			'Home to China’s vast municipal programme, India’s Jal Jeevan and AMRUT missions, Australia’s climate-proofing and South-East Asia’s fast-growing cities.',
	},
]

export type CountryInfo = {
	code: string
	name: string
	region: RegionSlug
	/** Relative size of the water market (roughly US$ billion per year of spending). */
	weight: number
	currency: string
	/** Notable desalination market (seeds Desal forecasts and desal projects). */
	desal: number
}

// code|name|region|weight|currency|desal weight
const COUNTRY_TABLE = `
ae|United Arab Emirates|xa|9|AED|9
sa|Saudi Arabia|xa|12|SAR|10
qa|Qatar|xa|3|QAR|4
kw|Kuwait|xa|3|KWD|4
om|Oman|xa|2.5|OMR|4
bh|Bahrain|xa|1|BHD|2.5
il|Israel|xa|3|ILS|4
jo|Jordan|xa|1.2|JOD|2
lb|Lebanon|xa|0.6|USD|0.3
sy|Syria|xa|0.5|USD|0
iq|Iraq|xa|2.5|USD|1.5
ir|Iran|xa|4|USD|2
ye|Yemen|xa|0.3|USD|0.4
ps|Palestine|xa|0.2|ILS|0.3
eg|Egypt|xa|5|EGP|5
ly|Libya|xa|1|USD|1.5
tn|Tunisia|xa|0.8|USD|1.2
dz|Algeria|xa|2.5|USD|3.5
ma|Morocco|xa|2|MAD|3
mr|Mauritania|xa|0.15|USD|0.2
sd|Sudan|xa|0.4|USD|0
ss|South Sudan|xa|0.1|USD|0
et|Ethiopia|xa|0.8|USD|0
er|Eritrea|xa|0.05|USD|0.1
dj|Djibouti|xa|0.05|USD|0.2
so|Somalia|xa|0.1|USD|0.1
ke|Kenya|xa|0.9|KES|0.3
ug|Uganda|xa|0.4|USD|0
tz|Tanzania|xa|0.6|USD|0.1
rw|Rwanda|xa|0.2|USD|0
bi|Burundi|xa|0.05|USD|0
cd|Democratic Republic of the Congo|xa|0.4|USD|0
cg|Republic of the Congo|xa|0.1|USD|0
ga|Gabon|xa|0.1|USD|0
gq|Equatorial Guinea|xa|0.05|USD|0
cm|Cameroon|xa|0.3|USD|0
cf|Central African Republic|xa|0.03|USD|0
td|Chad|xa|0.08|USD|0
ne|Niger|xa|0.08|USD|0
ng|Nigeria|xa|2|NGN|0.2
bj|Benin|xa|0.1|USD|0
tg|Togo|xa|0.06|USD|0
gh|Ghana|xa|0.6|USD|0.3
ci|Côte d'Ivoire|xa|0.5|USD|0
bf|Burkina Faso|xa|0.1|USD|0
ml|Mali|xa|0.1|USD|0
sn|Senegal|xa|0.4|USD|0.6
gm|Gambia|xa|0.03|USD|0
gw|Guinea-Bissau|xa|0.02|USD|0
gn|Guinea|xa|0.08|USD|0
sl|Sierra Leone|xa|0.05|USD|0
lr|Liberia|xa|0.04|USD|0
cv|Cabo Verde|xa|0.03|USD|0.2
st|São Tomé and Príncipe|xa|0.01|USD|0
ao|Angola|xa|0.6|USD|0.2
zm|Zambia|xa|0.3|USD|0
zw|Zimbabwe|xa|0.2|USD|0
mw|Malawi|xa|0.08|USD|0
mz|Mozambique|xa|0.2|USD|0.1
mg|Madagascar|xa|0.1|USD|0
mu|Mauritius|xa|0.1|USD|0.1
sc|Seychelles|xa|0.02|USD|0.1
km|Comoros|xa|0.01|USD|0
na|Namibia|xa|0.15|USD|0.4
bw|Botswana|xa|0.2|USD|0
za|South Africa|xa|3.5|ZAR|1
ls|Lesotho|xa|0.04|USD|0
sz|Eswatini|xa|0.04|USD|0
gb|United Kingdom|xb|28|GBP|0.3
ie|Ireland|xb|2|EUR|0
fr|France|xb|24|EUR|0.2
de|Germany|xb|30|EUR|0
nl|Netherlands|xb|6|EUR|0.2
be|Belgium|xb|4|EUR|0
lu|Luxembourg|xb|0.4|EUR|0
ch|Switzerland|xb|4|CHF|0
at|Austria|xb|3.5|EUR|0
it|Italy|xb|14|EUR|0.8
es|Spain|xb|12|EUR|4
pt|Portugal|xb|2.5|EUR|0.6
mt|Malta|xb|0.2|EUR|0.4
gr|Greece|xb|2|EUR|0.6
cy|Cyprus|xb|0.3|EUR|0.8
dk|Denmark|xb|2.5|DKK|0
se|Sweden|xb|3.5|SEK|0
no|Norway|xb|2.5|NOK|0
fi|Finland|xb|2|EUR|0
is|Iceland|xb|0.2|EUR|0
ee|Estonia|xb|0.3|EUR|0
lv|Latvia|xb|0.3|EUR|0
lt|Lithuania|xb|0.4|EUR|0
pl|Poland|xb|5|PLN|0
cz|Czechia|xb|2.5|CZK|0
sk|Slovakia|xb|1|EUR|0
hu|Hungary|xb|1.5|HUF|0
si|Slovenia|xb|0.4|EUR|0
hr|Croatia|xb|0.6|EUR|0.1
ba|Bosnia and Herzegovina|xb|0.3|USD|0
rs|Serbia|xb|0.8|USD|0
me|Montenegro|xb|0.1|EUR|0
mk|North Macedonia|xb|0.15|USD|0
al|Albania|xb|0.2|USD|0
bg|Bulgaria|xb|0.8|USD|0
ro|Romania|xb|2|RON|0
md|Moldova|xb|0.1|USD|0
ua|Ukraine|xb|1.5|USD|0
by|Belarus|xb|0.6|USD|0
ru|Russia|xb|12|RUB|0.2
tr|Turkey|xb|5|TRY|0.6
ge|Georgia|xb|0.3|USD|0
am|Armenia|xb|0.2|USD|0
az|Azerbaijan|xb|0.6|USD|0.3
kz|Kazakhstan|xb|1.5|USD|0.3
uz|Uzbekistan|xb|0.8|USD|0
tm|Turkmenistan|xb|0.3|USD|0.2
kg|Kyrgyzstan|xb|0.1|USD|0
tj|Tajikistan|xb|0.1|USD|0
ad|Andorra|xb|0.02|EUR|0
mc|Monaco|xb|0.03|EUR|0
sm|San Marino|xb|0.01|EUR|0
li|Liechtenstein|xb|0.02|CHF|0
us|United States|xc|125|USD|3
ca|Canada|xc|12|CAD|0
mx|Mexico|xd|7|MXN|1.5
gt|Guatemala|xd|0.3|USD|0
bz|Belize|xd|0.02|USD|0
sv|El Salvador|xd|0.2|USD|0
hn|Honduras|xd|0.2|USD|0
ni|Nicaragua|xd|0.15|USD|0
cr|Costa Rica|xd|0.4|USD|0
pa|Panama|xd|0.5|USD|0
cu|Cuba|xd|0.3|USD|0.1
jm|Jamaica|xd|0.15|USD|0.1
ht|Haiti|xd|0.08|USD|0
do|Dominican Republic|xd|0.5|USD|0.2
pr|Puerto Rico|xd|0.8|USD|0.1
bs|Bahamas|xd|0.08|USD|0.3
bb|Barbados|xd|0.05|USD|0.2
tt|Trinidad and Tobago|xd|0.2|USD|0.4
ag|Antigua and Barbuda|xd|0.02|USD|0.2
dm|Dominica|xd|0.01|USD|0
gd|Grenada|xd|0.01|USD|0
kn|Saint Kitts and Nevis|xd|0.01|USD|0.1
lc|Saint Lucia|xd|0.02|USD|0
vc|Saint Vincent and the Grenadines|xd|0.01|USD|0
co|Colombia|xd|2|COP|0.1
ve|Venezuela|xd|0.8|USD|0
ec|Ecuador|xd|0.6|USD|0
pe|Peru|xd|1.5|PEN|1.2
bo|Bolivia|xd|0.3|USD|0
br|Brazil|xd|12|BRL|0.6
py|Paraguay|xd|0.2|USD|0
uy|Uruguay|xd|0.3|USD|0
ar|Argentina|xd|3|ARS|0.3
cl|Chile|xd|2.5|CLP|3.5
gy|Guyana|xd|0.04|USD|0
sr|Suriname|xd|0.03|USD|0
cn|China|xe|95|CNY|5
jp|Japan|xe|38|JPY|0.8
kr|South Korea|xe|12|KRW|0.6
kp|North Korea|xe|0.2|USD|0
mn|Mongolia|xe|0.1|USD|0
tw|Taiwan|xe|3|TWD|0.6
hk|Hong Kong|xe|2|HKD|0.8
mo|Macao|xe|0.1|HKD|0
in|India|xe|20|INR|3
pk|Pakistan|xe|1.5|PKR|0.4
bd|Bangladesh|xe|1.2|USD|0
lk|Sri Lanka|xe|0.4|USD|0.2
np|Nepal|xe|0.2|USD|0
bt|Bhutan|xe|0.02|USD|0
mv|Maldives|xe|0.05|USD|0.3
af|Afghanistan|xe|0.1|USD|0
th|Thailand|xe|2.5|THB|0.4
vn|Vietnam|xe|2.5|VND|0.4
my|Malaysia|xe|2|MYR|0.2
sg|Singapore|xe|2.5|SGD|1.8
id|Indonesia|xe|3|IDR|0.3
ph|Philippines|xe|2|PHP|0.4
mm|Myanmar|xe|0.3|USD|0
kh|Cambodia|xe|0.3|USD|0
la|Laos|xe|0.1|USD|0
bn|Brunei|xe|0.1|USD|0
tl|Timor-Leste|xe|0.02|USD|0
au|Australia|xe|11|AUD|3.5
nz|New Zealand|xe|2|NZD|0
pg|Papua New Guinea|xe|0.1|USD|0
fj|Fiji|xe|0.05|USD|0
sb|Solomon Islands|xe|0.01|USD|0
vu|Vanuatu|xe|0.01|USD|0
ws|Samoa|xe|0.01|USD|0
to|Tonga|xe|0.01|USD|0
ki|Kiribati|xe|0.01|USD|0.05
fm|Micronesia|xe|0.01|USD|0
mh|Marshall Islands|xe|0.01|USD|0.05
pw|Palau|xe|0.01|USD|0
nr|Nauru|xe|0.005|USD|0.05
tv|Tuvalu|xe|0.005|USD|0.05
`

export const COUNTRIES: CountryInfo[] = COUNTRY_TABLE.trim()
	.split('\n')
	.map((line) => {
		const [code, name, region, weight, currency, desal] = line.split('|')
		return { code, name, region: region as RegionSlug, weight: Number(weight), currency, desal: Number(desal) }
	})

/** US dollars per unit of each currency (a fixed reference table, dated 2024-06-25). */
export const USD_PER_UNIT: Record<string, number> = {
	USD: 1,
	EUR: 1.07,
	GBP: 1.27,
	CHF: 1.12,
	SEK: 0.095,
	NOK: 0.094,
	DKK: 0.144,
	PLN: 0.25,
	CZK: 0.043,
	HUF: 0.0027,
	RON: 0.215,
	RUB: 0.0114,
	TRY: 0.03,
	CAD: 0.73,
	MXN: 0.055,
	BRL: 0.184,
	ARS: 0.0011,
	CLP: 0.00107,
	COP: 0.00024,
	PEN: 0.263,
	CNY: 0.138,
	JPY: 0.0063,
	KRW: 0.00072,
	TWD: 0.031,
	HKD: 0.128,
	INR: 0.012,
	PKR: 0.0036,
	THB: 0.027,
	VND: 0.000039,
	MYR: 0.212,
	SGD: 0.738,
	IDR: 0.000061,
	PHP: 0.017,
	AUD: 0.665,
	NZD: 0.612,
	AED: 0.272,
	SAR: 0.267,
	QAR: 0.275,
	KWD: 3.26,
	OMR: 2.6,
	BHD: 2.65,
	ILS: 0.27,
	JOD: 1.41,
	EGP: 0.021,
	MAD: 0.1,
	NGN: 0.00067,
	KES: 0.0077,
	ZAR: 0.055,
}

const COUNTRY_DESCRIPTIONS: Record<string, string> = {
	us: 'The world’s largest water market, with around 50,000 community water systems, strong federal funding through the State Revolving Funds and tightening PFAS and lead rules.',
	cn: 'A vast municipal and industrial market where provincial water groups, listed environmental companies and PPPs drive treatment upgrades, sponge cities and river basin clean-up.',
	gb: 'A privatised, regulated market in England and Wales working through the PR24 price review, storm overflow reduction and a wave of direct procurement for customers schemes.',
	fr: 'The home of delegated management, where municipalities contract water and wastewater services to private operators under affermage and concession contracts.',
	de: 'A fragmented municipal market with thousands of Stadtwerke and Zweckverbände, high service standards and growing investment in fourth-stage treatment.',
	es: 'Europe’s largest desalination market and a pioneer of water reuse, with drought plans in Catalonia and Andalucía accelerating investment.',
	it: 'A market consolidating around regional multi-utilities under ARERA regulation, with high leakage driving network renewal funded by the recovery plan.',
	sa: 'The largest desalination buyer in the world, procuring IWPs and ISTPs through SWPC and privatising the National Water Company’s clusters.',
	ae: 'A leading desalination market where EWEC, DEWA and Etihad WE procure large reverse osmosis plants as independent water projects.',
	in: 'A fast-growing market supported by the Jal Jeevan Mission, AMRUT 2.0 and Namami Gange, with hybrid annuity PPPs for sewage treatment.',
	au: 'A climate-exposed market of state-owned water corporations, large desalination plants and a growing focus on purified recycled water.',
	br: 'A sanitation market transformed by the 2020 legal framework, with state company privatisations and regional concession auctions.',
	cl: 'A dry, mining-driven market where desalination for copper and lithium operations dominates new capacity.',
	mx: 'A water-stressed market of municipal operators and CONAGUA-led bulk schemes, with desalination emerging in Baja California and Sonora.',
	jp: 'A mature municipal market facing ageing assets and shrinking populations, turning to concessions and wide-area integration.',
	eg: 'A large and growing desalination programme for the Red Sea and Mediterranean coasts, alongside major wastewater reuse schemes.',
	za: 'A market struggling with municipal service delivery and non-revenue water, with Durban and Cape Town exploring desalination and reuse.',
	ca: 'A municipal market funded through federal and provincial infrastructure programmes, with P3 procurement common in wastewater.',
	sg: 'A global water hub where PUB’s Four National Taps strategy relies on NEWater reuse and desalination.',
	il: 'A world leader in reuse and desalination, with large seawater reverse osmosis plants delivered under BOT contracts.',
}

export type GeographyRow = { id: number; slug: string; name: string; isRegion: boolean; regionId: number | null }

export type Geographies = {
	regions: (GeographyRow & { info: (typeof REGIONS)[number] })[]
	countries: (GeographyRow & { info: CountryInfo })[]
	bySlug: Map<string, GeographyRow>
	regionOf: (countryId: number) => (typeof REGIONS)[number]
	countryById: Map<number, GeographyRow & { info: CountryInfo }>
}

export async function seedGeographies(ctx: SeedContext): Promise<Geographies> {
	const regionRows = REGIONS.map((info, i) => ({ id: i + 1, slug: info.slug, name: info.name, isRegion: true, regionId: null, info }))
	const regionId = new Map(regionRows.map((r) => [r.slug, r.id]))
	const countryRows = COUNTRIES.map((info, i) => ({
		id: regionRows.length + i + 1,
		slug: info.code,
		name: info.name,
		isRegion: false,
		regionId: regionId.get(info.region)!,
		info,
	}))
	const updatedAt = ctx.today
	await insertAll(
		ctx.db,
		geographies,
		regionRows.map((r) => ({
			id: r.id,
			slug: r.slug,
			name: r.name,
			isRegion: true,
			regionId: null,
			description: r.info.description,
			bodyText: `<p>${r.info.description}</p><p>GWI tracks utilities, projects, companies and deals across ${r.name}, and forecasts capital and operating expenditure for every country in the region.</p>`,
			updatedAt,
		})),
	)
	await insertAll(
		ctx.db,
		geographies,
		countryRows.map((c) => ({
			id: c.id,
			slug: c.slug,
			name: c.name,
			isRegion: false,
			regionId: c.regionId,
			description:
				COUNTRY_DESCRIPTIONS[c.slug] ??
				(c.info.weight >= 1
					? `${c.name} is one of the larger water markets of ${REGIONS.find((r) => r.slug === c.info.region)!.name}, with steady investment in treatment capacity and network renewal.`
					: null),
			bodyText: COUNTRY_DESCRIPTIONS[c.slug] ? `<p>${COUNTRY_DESCRIPTIONS[c.slug]}</p>` : null,
			updatedAt,
		})),
	)
	const bySlug = new Map<string, GeographyRow>()
	for (const r of [...regionRows, ...countryRows]) bySlug.set(r.slug, r)
	const regionById = new Map(regionRows.map((r) => [r.id, r.info]))
	const countryById = new Map(countryRows.map((c) => [c.id, c]))
	return {
		regions: regionRows,
		countries: countryRows,
		bySlug,
		countryById,
		regionOf: (countryId) => regionById.get(countryById.get(countryId)!.regionId!)!,
	}
}
