/** The placeholder images in public/images that the seeded content points at. */
export const IMAGE_DIR = '/images'

export const COVER_IMAGES = {
	desalination: `${IMAGE_DIR}/cover-desalination.svg`,
	wastewater: `${IMAGE_DIR}/cover-wastewater.svg`,
	networks: `${IMAGE_DIR}/cover-networks.svg`,
	reuse: `${IMAGE_DIR}/cover-reuse.svg`,
	finance: `${IMAGE_DIR}/cover-finance.svg`,
	industrial: `${IMAGE_DIR}/cover-industrial.svg`,
	digital: `${IMAGE_DIR}/cover-digital.svg`,
	marketMap: `${IMAGE_DIR}/cover-market-map.svg`,
	river: `${IMAGE_DIR}/cover-river.svg`,
	event: `${IMAGE_DIR}/cover-event.svg`,
} as const
export const COVERS = Object.values(COVER_IMAGES)

export const AUTHOR_PHOTOS = [1, 2, 3, 4, 5, 6].map((n) => `${IMAGE_DIR}/author-${n}.svg`)

export const DOCUMENT_COVERS = {
	whitepaper: `${IMAGE_DIR}/doc-whitepaper.svg`,
	report: `${IMAGE_DIR}/doc-report.svg`,
	magazine: `${IMAGE_DIR}/doc-magazine.svg`,
} as const

export const LOGOS = {
	company: `${IMAGE_DIR}/logo-company.svg`,
	partner: `${IMAGE_DIR}/logo-partner.svg`,
	event: `${IMAGE_DIR}/logo-event.svg`,
} as const

export const ADVERT_IMAGES = [1, 2, 3, 4].map((n) => `${IMAGE_DIR}/advert-${n}.svg`)
export const ADVERT_BANNER = `${IMAGE_DIR}/advert-banner.svg`
export const NEWSLETTER_BANNER = `${IMAGE_DIR}/newsletter-banner.svg`
export const PAGE_BANNER = `${IMAGE_DIR}/banner-home.svg`
export const MEMBERSHIP_IMAGE = `${IMAGE_DIR}/membership.svg`
