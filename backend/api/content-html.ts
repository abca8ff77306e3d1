/**
 * Content HTML leaves the API sanitised: every HTML field the site renders as
 * HTML (article bodies and previews, custom page and card HTML, entity bodies such as author
 * biographies, context descriptions) passes through `safeHtml`, an allow-list sanitiser
 * (sanitize-html) that keeps what the publication writes — headings, paragraphs, lists, links,
 * images, tables, figures, quotes, emphasis — and drops everything else: `<script>`,
 * `<style>`, `<iframe>` (the content store embeds no video), `<svg>`, forms, event handlers,
 * `style` attributes, and URLs with any scheme but http(s), mailto and tel (no `javascript:`,
 * no `data:`). The site trusts these fields and renders them as they come.
 *
 * Cuts of the HTML (the paywall's first paragraph, excerpts) read it with a real parser
 * (htmlparser2), never with regular expressions.
 *
 * Sanitising an article body costs a parse and a serialisation (about a millisecond for a
 * seeded article); a body is the same for every reader until it is edited, so results are
 * kept per content (the HTML itself is the key: an edit is a new key) in a bounded cache.
 */
import render from 'dom-serializer'
import type { Element } from 'domhandler'
import { findOne, textContent } from 'domutils'
import { parseDocument } from 'htmlparser2'
import { LRUCache } from 'lru-cache'
import sanitizeHtml from 'sanitize-html'
import { plainText as uncachedPlainText } from '../../contract/html-text.ts'

/** What content HTML may contain: the publication's own elements and nothing that runs. */
const CONTENT_HTML_POLICY: sanitizeHtml.IOptions = {
	allowedTags: [
		...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'div', 'span', 'blockquote', 'pre', 'code'],
		...['ul', 'ol', 'li', 'dl', 'dt', 'dd'],
		...['a', 'img', 'figure', 'figcaption'],
		...['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
		...['em', 'strong', 'b', 'i', 'u', 's', 'sub', 'sup', 'small', 'mark', 'abbr', 'cite', 'q', 'time'],
	],
	allowedAttributes: {
		a: ['href', 'title', 'target', 'rel'],
		img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
		th: ['colspan', 'rowspan', 'scope'],
		td: ['colspan', 'rowspan'],
		col: ['span'],
		colgroup: ['span'],
		ol: ['start', 'type', 'reversed'],
		abbr: ['title'],
		time: ['datetime'],
	},
	// Relative links stay (the CMS links the site's own pages); any other scheme goes.
	allowedSchemes: ['http', 'https', 'mailto', 'tel'],
	allowedSchemesByTag: { img: ['http', 'https'] },
	allowProtocolRelative: false,
	// A link that opens a new window cannot reach back into this one.
	transformTags: {
		a: (tagName, attribs) => ({ tagName, attribs: attribs.target ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs }),
	},
}

/**
 * Results per content, least recently used dropped first once the cached HTML passes
 * `maxCharacters` (keys and values together): a few thousand article bodies. A result larger
 * than the whole bound is computed every time.
 */
class ContentCache {
	private readonly entries: LRUCache<string, string>
	constructor(maxCharacters: number) {
		this.entries = new LRUCache({ maxSize: maxCharacters, sizeCalculation: (value, key) => key.length + value.length || 1 })
	}

	get(key: string, compute: (key: string) => string): string {
		const cached = this.entries.get(key)
		if (cached !== undefined) return cached
		const value = compute(key)
		this.entries.set(key, value)
		return value
	}
}

const sanitised = new ContentCache(16_000_000)
const previews = new ContentCache(4_000_000)
/**
 * Descriptions and standfirsts: kept rows are mapped again for every reader (access differs),
 * and parsing their HTML each time was 2 % of a signed-in page's server time (a menu's
 * country picker alone lists some 60 geographies).
 */
const texts = new ContentCache(4_000_000)

/** Content HTML as the site may render it; null stays null. */
export function safeHtml(html: string): string
export function safeHtml(html: string | null | undefined): string | null
export function safeHtml(html: string | null | undefined): string | null {
	if (html === null || html === undefined) return null
	return sanitised.get(html, (dirty) => sanitizeHtml(dirty, CONTENT_HTML_POLICY))
}

/**
 * The first paragraph of an HTML body, sanitised: the preview shown above the paywall. It is
 * the first `<p>` with text, wherever it is nested; a body without paragraphs has no preview
 * (null), so nothing but a whole first paragraph ever leaves the API for a reader without access.
 */
export function firstParagraph(html: string | null | undefined): string | null {
	if (!html) return null
	const preview = previews.get(safeHtml(html), (clean) => {
		const paragraph = findOne((element: Element) => element.name === 'p' && textContent(element).trim() !== '', parseDocument(clean).children, true)
		return paragraph ? render(paragraph, { encodeEntities: 'utf8' }) : ''
	})
	return preview || null
}

/** The text of content HTML (contract/html-text.ts), white space folded; null stays null. */
export function plainText(html: string): string
export function plainText(html: string | null | undefined): string | null
export function plainText(html: string | null | undefined): string | null {
	if (html === null || html === undefined) return null
	return texts.get(html, uncachedPlainText)
}

/** Plain text of at most `max` characters, cut at a word boundary with an ellipsis. */
export function truncate(text: string | null | undefined, max: number): string | null {
	if (!text) return null
	const plain = plainText(text)
	if (plain.length <= max) return plain
	const cut = plain.slice(0, max - 1)
	const space = cut.lastIndexOf(' ')
	return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`
}

