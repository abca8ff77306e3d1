/**
 * The email version of a newsletter for staff export (spec 002 §4, §9): about 700 px wide,
 * laid out with tables, its CSS inlined by juice so it survives mail clients, links made
 * absolute, '[First Name]' turned into the mailing tool's token, every image PNG or JPEG
 * (email-images.server.ts). Export zip: template.html with its images in an images/ folder
 * beside it (fflate), built here on the server.
 */
import path from 'node:path'
import { zipSync, strToU8 } from 'fflate'
import juice from 'juice'
import { escapeHtml } from '../../contract/html.ts'
import {
	EMAIL_WIDTH_PX,
	EXPORT_PAGE_TITLE,
	imageWidthPercent,
	projectGroups,
	themeColourOf,
	toMarketingToken,
	type ComponentOf,
	type Newsletter,
	type NewsletterArticle,
	type NewsletterComponent,
} from '../../contract/newsletters.ts'
import { emailImage, emailImageSource, emailImageUrl } from './email-images.server.ts'
import { formatDate } from './format.ts'

/** The zip's page and its image folder. */
export const ZIP_TEMPLATE = 'template.html'
export const ZIP_IMAGE_FOLDER = 'images'
/** Padding inside the email column. */
const GUTTER_PX = 20
const CONTENT_WIDTH_PX = EMAIL_WIDTH_PX - 2 * GUTTER_PX

type Issue = { newsletter: Newsletter; components: NewsletterComponent[] }
/** How an image's src is written: absolute (HTML export) or into the zip's folder. */
export type ImageSource = (src: string) => string

const e = escapeHtml

function stylesheet(colour: string) {
	return `
body { margin: 0; padding: 0; background: #f2f4f7; }
table { border-collapse: collapse; }
img { border: 0; display: block; }
.wrapper { width: 100%; background: #f2f4f7; }
.email { width: ${EMAIL_WIDTH_PX}px; background: #ffffff; font-family: Arial, Helvetica, sans-serif; color: #14202b; font-size: 15px; line-height: 1.45; }
.masthead { border-top: 6px solid ${colour}; padding: 16px ${GUTTER_PX}px 8px; }
.title { color: ${colour}; font-weight: bold; text-transform: uppercase; font-size: 13px; letter-spacing: 1px; margin: 0; }
.issue-name { font-size: 24px; margin: 4px 0; color: #14202b; }
.edition { color: #52606d; font-size: 13px; margin: 0; }
.block { padding: 12px ${GUTTER_PX}px; }
.graduated { background: #eef7fc; }
.heading { border-left: 4px solid ${colour}; padding-left: 8px; font-size: 18px; margin: 0 0 8px; color: #14202b; }
.headline { font-size: 17px; margin: 0 0 4px; }
.headline a { color: #14202b; text-decoration: none; }
.standfirst { margin: 0 0 4px; }
.meta { color: #52606d; font-size: 12px; margin: 0; }
.article { border-bottom: 1px solid #d9e2ec; padding: 10px 0; }
.cta { color: ${colour}; font-weight: bold; text-decoration: none; }
.small { color: #52606d; font-size: 12px; }
.project { padding: 6px 0; border-bottom: 1px solid #d9e2ec; font-size: 14px; }
.project a { color: #14202b; }
.footer { padding: 16px ${GUTTER_PX}px; color: #52606d; font-size: 12px; }
`
}

const absolute = (origin: string, href: string | null) => (href ? new URL(href, `${origin}/`).href : '')

function articleBlock(article: NewsletterArticle, type: ComponentOf<'ArticleListCard'>['articleDisplayType'], origin: string, image: ImageSource) {
	const link = absolute(origin, `/articles/${article.slug}`)
	const headline = `<p class="headline"><a href="${e(link)}">${e(article.headline)}</a></p>`
	if (type === 'HeadlineOnly' || article.displayType === 'HeadlineOnly') return `<tr><td class="article">${headline}</td></tr>`
	const text =
		type === 'BodyTextOnly'
			? (article.bodyText ?? `<p class="standfirst">${e(article.standfirst)}</p>`)
			: `${article.standfirst ? `<p class="standfirst">${e(article.standfirst)}</p>` : ''}${type === 'Full' ? `<p class="meta">${e([article.author?.name, formatDate(article.publicationDate)].filter(Boolean).join(' · '))}</p>` : ''}`
	if (type !== 'Full' || !article.thumbnail) return `<tr><td class="article">${headline}${text}</td></tr>`
	const width = Math.round((CONTENT_WIDTH_PX * imageWidthPercent(article.imageSize)) / 100)
	const img = `<a href="${e(link)}"><img src="${e(image(article.thumbnail))}" width="${width}" alt="" style="width:${width}px;height:auto"></a>`
	if (width >= CONTENT_WIDTH_PX) return `<tr><td class="article">${img}${headline}${text}</td></tr>`
	return `<tr><td class="article"><table role="presentation" width="100%"><tr><td width="${width}" valign="top" style="padding-right:12px">${img}</td><td valign="top">${headline}${text}</td></tr></table></td></tr>`
}

function componentBlock(component: NewsletterComponent, origin: string, image: ImageSource): string {
	switch (component.type) {
		case 'TextCard':
			return `<tr><td class="block${component.graduatedBackground ? ' graduated' : ''}">${toMarketingToken(component.bodyText)}</td></tr>`
		case 'LinkCard': {
			const img = component.image ? `<td width="${Math.round(CONTENT_WIDTH_PX / 3)}" valign="top" style="padding-right:12px"><img src="${e(image(component.image))}" width="${Math.round(CONTENT_WIDTH_PX / 3)}" alt=""></td>` : ''
			return `<tr><td class="block"><table role="presentation" width="100%"><tr>${img}<td valign="top">${component.title ? `<p class="heading">${e(component.title)}</p>` : ''}${component.description ? `<p>${e(component.description)}</p>` : ''}${component.linkUrl ? `<p><a class="cta" href="${e(absolute(origin, component.linkUrl))}">${e(component.linkText ?? component.linkUrl)}</a></p>` : ''}${component.footer ? `<p class="small">${e(component.footer)}</p>` : ''}</td></tr></table></td></tr>`
		}
		case 'ArticleListCard':
			return `<tr><td class="block">${component.name ? `<p class="heading">${e(component.name)}</p>` : ''}<table role="presentation" width="100%">${component.articles.map((article) => articleBlock(article, component.articleDisplayType, origin, image)).join('')}</table></td></tr>`
		case 'AdvertCard':
			return component.image
				? `<tr><td class="block" align="center"><a href="${e(absolute(origin, component.link))}"><img src="${e(image(component.image))}" alt="Advertisement" style="max-width:${CONTENT_WIDTH_PX}px;margin:0 auto"></a></td></tr>`
				: ''
		case 'ProjectListCard':
			return `<tr><td class="block">${component.name ? `<p class="heading">${e(component.name)}</p>` : ''}${projectGroups(component)
				.map(
					(group) =>
						`<p><strong>${e(group.label)}</strong></p><table role="presentation" width="100%">${group.projects
							.map((project) => `<tr><td class="project"><a href="${e(absolute(origin, `/projects/${project.slug}`))}">${e(project.name)}</a>${project.country ? ` — ${e(project.country)}` : ''}<br><span class="small">${e(project.progress)}${project.shortStatus ? `: ${e(project.shortStatus)}` : ''}</span></td></tr>`)
							.join('')}</table>${group.viewAll ? `<p><a class="cta" href="${e(absolute(origin, group.viewAll))}">View all</a></p>` : ''}`,
				)
				.join('')}</td></tr>`
		// Opportunity lists render nothing; a type the site cannot draw has no place in a mailing either.
		case 'OpportunityListCard':
		case 'Unsupported':
			return ''
	}
}

const decodeAttribute = (value: string) => value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')

const attributeOf = (tag: string, name: string) => new RegExp(`\\s${name}=(["'])(.*?)\\1`, 'i').exec(tag)?.[2]

/**
 * An inline <svg> (a chart in a text card or an article body) as an <img> of itself, so it
 * takes the road of every other image: mail clients drop inline SVG.
 */
function inlineSvgAsImage(svg: string): string {
	const open = /^<svg\b[^>]*>/i.exec(svg)?.[0] ?? ''
	const label = attributeOf(open, 'aria-label') ?? /<title[^>]*>([\s\S]*?)<\/title>/i.exec(svg)?.[1]?.trim() ?? ''
	const width = Number.parseFloat(attributeOf(open, 'width') ?? '')
	const shown = Number.isFinite(width) && width > 0 ? Math.min(Math.round(width), CONTENT_WIDTH_PX) : CONTENT_WIDTH_PX
	const markup = /\sxmlns=/i.test(open) ? svg : svg.replace(/^<svg\b/i, '<svg xmlns="http://www.w3.org/2000/svg"')
	return `<img src="data:image/svg+xml;base64,${Buffer.from(markup).toString('base64')}" width="${shown}" alt="${e(decodeAttribute(label))}" style="width:${shown}px;max-width:100%;height:auto">`
}

/**
 * The email's HTML, CSS inlined; `image` writes each image's src. Every <img> is rewritten,
 * those inside the issue's own HTML (text cards, article bodies) too, and every inline <svg>
 * becomes one first, so none is left behind. Any email of the site's (an alert, a newsletter)
 * goes through here with its own markup.
 */
export function renderEmailMarkup(markup: string, image: ImageSource): string {
	const html = markup
		.replace(/<svg\b[\s\S]*?<\/svg>/gi, inlineSvgAsImage)
		.replace(/(<img\b[^>]*?\bsrc=)(["'])(.*?)\2/gi, (_match, before: string, quote: string, src: string) => `${before}${quote}${e(image(decodeAttribute(src)))}${quote}`)
	return juice(html, { removeStyleTags: true, preserveMediaQueries: true, applyWidthAttributes: true })
}

/** Images by absolute address on the site, each PNG or JPEG (the HTML export, an email to send). */
export const emailImagesOn =
	(origin: string): ImageSource =>
	(src) =>
		emailImageUrl(src, origin)

export function renderEmailHtml(issue: Issue, origin: string, image: ImageSource): string {
	return renderEmailMarkup(emailMarkup(issue, origin), image)
}

function emailMarkup({ newsletter, components }: Issue, origin: string): string {
	const image: ImageSource = (src) => src
	const colour = themeColourOf(newsletter.themeColour)
	const banner = newsletter.bannerImage ? `<tr><td><img src="${e(image(newsletter.bannerImage))}" width="${EMAIL_WIDTH_PX}" alt="${e(newsletter.definition.name)}" style="width:${EMAIL_WIDTH_PX}px;height:auto"></td></tr>` : ''
	const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(EXPORT_PAGE_TITLE)}</title><style>${stylesheet(colour)}</style></head>
<body><table role="presentation" class="wrapper" width="100%"><tr><td align="center">
<table role="presentation" class="email" width="${EMAIL_WIDTH_PX}">
${banner}
<tr><td class="masthead"><p class="title">${e(newsletter.definition.name)}</p><p class="issue-name">${e(newsletter.name)}</p><p class="edition">${e(newsletter.edition)} · ${e(formatDate(newsletter.published))}</p></td></tr>
${components.map((component) => componentBlock(component, origin, image)).join('\n')}
<tr><td class="footer"><a href="${e(absolute(origin, `/newsletters/${newsletter.slug}`))}">Read this issue online</a></td></tr>
</table></td></tr></table></body></html>`
	return html
}

/** Export HTML: every image PNG or JPEG, by absolute address on the site. */
export function emailHtml(issue: Issue, origin: string): string {
	return renderEmailHtml(issue, origin, emailImagesOn(origin))
}

/** An image's file name in the zip: its own, with the extension of what it was turned into. */
function zipNameStem(src: string, origin: string): string {
	const source = emailImageSource(src, origin)
	if (source.kind === 'inline') return 'inline'
	const base = path.basename(source.kind === 'site' ? source.pathname : new URL(source.url).pathname)
	return base.replace(/\.[^.]*$/, '') || 'image'
}

/**
 * Export zip: template.html and images/ with every image it shows, each PNG or JPEG. Site
 * images are read from disk, others fetched; an image that cannot be had fails the export
 * (a template with a hole in it is not one to send).
 */
export async function emailZip(issue: Issue, origin: string, fetchImage?: (url: string) => Promise<Uint8Array | null>): Promise<Uint8Array> {
	const sources = new Set<string>()
	renderEmailHtml(issue, origin, (src) => (sources.add(src), src))
	const names = new Map<string, string>()
	const files: Record<string, Uint8Array> = {}
	for (const src of sources) {
		const image = await emailImage(emailImageSource(src, origin), fetchImage)
		if (!image) throw new Error(`Image not found: ${src}`)
		const stem = zipNameStem(src, origin)
		let name = `${ZIP_IMAGE_FOLDER}/${stem}.${image.extension}`
		if (name in files) name = `${ZIP_IMAGE_FOLDER}/${names.size}-${stem}.${image.extension}`
		names.set(src, name)
		files[name] = image.bytes
	}
	files[ZIP_TEMPLATE] = strToU8(renderEmailHtml(issue, origin, (src) => names.get(src) ?? src))
	return zipSync(files, { level: 6 })
}
