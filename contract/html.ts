/**
 * Escaping text into HTML, the one definition the site (chart tooltips), the API (card
 * fields it writes as HTML), the identity provider's pages and the seed use.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text as HTML: safe in element content and in quoted attribute values. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!)
