/** Cards whose content is the CMS's own: text, link and advert (spec 000 §2). */
import { ADVERT_MAX_HEIGHT_BANNER, ADVERT_MAX_WIDTH_RIGHT } from '../../../contract/card-rules.ts'
import { CardHeader, SmartLink } from './parts.tsx'
import type { CardProps } from './types.ts'

/** Text card themes: the newsletter theme colours (spec 002 §3). */
export const TEXT_CARD_THEMES = ['Blue', 'BluePrimary', 'Violet', 'Green', 'Brown', 'Orange', 'Teal'] as const

type TextConfig = { title?: string; bodyText?: string; theme?: string; sticky?: boolean }

/** Text card: CMS HTML, optionally on a coloured theme and sticky in its column. */
export function TextCard({ config }: CardProps<TextConfig>) {
	const theme = TEXT_CARD_THEMES.find((name) => name === config.theme)
	return (
		<section className={`card card--text${theme ? ` theme-${theme.toLowerCase()}` : ''}${config.sticky ? ' card--sticky' : ''}`}>
			<CardHeader title={config.title} />
			{/* Sanitised by the API (backend/api/card-resolvers/content-cards.ts TextCard, safeHtml). */}
			{config.bodyText ? <div className="prose" dangerouslySetInnerHTML={{ __html: config.bodyText }} /> : null}
		</section>
	)
}

type LinkConfig = { name?: string; title?: string; description?: string; footer?: string; linkUrl?: string; linkText?: string; image?: string }

export function LinkCard({ config }: CardProps<LinkConfig>) {
	const title = config.title ?? config.name
	return (
		<section className="card card--link">
			{config.image ? <img src={config.image} alt="" loading="lazy" width="320" height="180" /> : null}
			{title ? <h2>{title}</h2> : null}
			{config.description ? <p>{config.description}</p> : null}
			{config.linkUrl ? (
				<SmartLink to={config.linkUrl} className="button">
					{config.linkText ?? 'Find out more'}
				</SmartLink>
			) : null}
			{config.footer ? <p className="card__footer">{config.footer}</p> : null}
		</section>
	)
}

/**
 * Advert: name, link, image (spec 000 §2). In the right column it is at most 336 px wide;
 * at the top or bottom of a page it is a banner at most 140 px tall (spec 000 §9).
 */
export function AdvertCard({ config, card }: CardProps<{ name?: string; link?: string; image?: string }>) {
	if (!config.link || !config.image) return null
	const banner = card.position === 'Top' || card.position === 'Bottom'
	return (
		// Named after the advertiser: a page with two adverts has two complementary landmarks, and each needs its own name (axe landmark-unique).
		<aside className={`card card--advert${banner ? ' card--advert-banner' : ''}`} aria-label={config.name ? `Advertisement: ${config.name}` : 'Advertisement'}>
			<a href={config.link} rel="sponsored noopener" target="_blank">
				<img
					src={config.image}
					alt={config.name ?? 'Advertisement'}
					loading="lazy"
					{...(banner ? { height: ADVERT_MAX_HEIGHT_BANNER, width: 970 } : { width: ADVERT_MAX_WIDTH_RIGHT, height: 280 })}
				/>
			</a>
			<p className="card--advert__label">Advertisement</p>
		</aside>
	)
}
