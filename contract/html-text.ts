/**
 * Plain text of content HTML, read with a real HTML parser (htmlparser2), never with regular
 * expressions: comments, `<script>`/`<style>` contents and a `>` inside an attribute value
 * are not text, entities are decoded, and block boundaries (paragraphs, headings, list items,
 * `<br>`) separate words. The API sends plain text where the site shows text (descriptions,
 * standfirsts, no-access messages); the site compares texts with the same function.
 */
import type { ChildNode } from 'domhandler'
import { parseDocument } from 'htmlparser2'

/** Elements inside a line of text: they join their neighbours without a space. */
const INLINE_ELEMENTS = new Set(['a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'i', 'ins', 'kbd', 'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var'])
/** Elements whose contents are never text a reader sees. */
const NON_TEXT_ELEMENTS = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'textarea', 'select', 'svg', 'math'])

function collectText(nodes: readonly ChildNode[], parts: string[]) {
	for (const node of nodes) {
		if (node.type === 'text') parts.push(node.data)
		else if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
			if (NON_TEXT_ELEMENTS.has(node.name)) continue
			const block = !INLINE_ELEMENTS.has(node.name)
			if (block) parts.push(' ')
			collectText(node.children, parts)
			if (block) parts.push(' ')
		}
	}
}

/** The text of `html`, white space folded to single spaces; null stays null. */
export function plainText(html: string): string
export function plainText(html: string | null | undefined): string | null
export function plainText(html: string | null | undefined): string | null {
	if (html === null || html === undefined) return null
	const parts: string[] = []
	collectText(parseDocument(html).children, parts)
	return parts.join('').replace(/\s+/g, ' ').trim()
}
