/**
 * A strict little XML reader for the crawler resources' tests: it refuses what an XML
 * parser would refuse in our documents (unbalanced or crossed tags, a raw '<' or a bare '&'
 * in text or attributes, more than one root) and returns the element tree. No DTDs,
 * comments or CDATA: our feeds and sitemaps have none.
 */
export type XmlElement = { name: string; attributes: Record<string, string>; children: XmlElement[]; text: string }

const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g
const TOKEN = /<\?xml[^?]*\?>|<\/([A-Za-z_][\w:.-]*)\s*>|<([A-Za-z_][\w:.-]*)((?:\s+[A-Za-z_][\w:.-]*="[^"<]*")*)\s*(\/?)>|([^<]+)/y

function decode(text: string, where: string) {
	if (/&/.test(text.replace(ENTITY, ''))) throw new Error(`bare '&' in ${where}: ${text.slice(0, 80)}`)
	return text
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&quot;/g, '"')
		.replace(/&apos;/g, "'")
		.replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
		.replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
		.replace(/&amp;/g, '&')
}

export function parseXml(source: string): XmlElement {
	if (!source.startsWith('<?xml version="1.0" encoding="UTF-8"?>')) throw new Error('missing XML declaration')
	const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' }
	const stack: XmlElement[] = [root]
	TOKEN.lastIndex = 0
	while (TOKEN.lastIndex < source.length) {
		const at = TOKEN.lastIndex
		const match = TOKEN.exec(source)
		if (!match) throw new Error(`not well-formed at ${at}: ${source.slice(at, at + 80)}`)
		const [, closing, opening, attributeText, selfClosing, text] = match
		const top = stack[stack.length - 1]!
		if (text !== undefined) {
			if (stack.length === 1 && text.trim()) throw new Error('text outside the root element')
			top.text += decode(text, `<${top.name}>`)
		} else if (opening) {
			const attributes: Record<string, string> = {}
			for (const [, name, value] of attributeText!.matchAll(/([A-Za-z_][\w:.-]*)="([^"]*)"/g)) attributes[name!] = decode(value!, `attribute ${name}`)
			const element: XmlElement = { name: opening, attributes, children: [], text: '' }
			if (stack.length === 1 && root.children.length > 0) throw new Error('more than one root element')
			top.children.push(element)
			if (!selfClosing) stack.push(element)
		} else if (closing) {
			if (top.name !== closing) throw new Error(`</${closing}> closes <${top.name}>`)
			stack.pop()
		}
	}
	if (stack.length !== 1) throw new Error(`unclosed <${stack[stack.length - 1]!.name}>`)
	if (root.children.length !== 1) throw new Error('no root element')
	return root.children[0]!
}

/** Direct children named `name`. */
export const childrenNamed = (element: XmlElement, name: string) => element.children.filter((child) => child.name === name)
/** Text of the first child named `name`, or undefined. */
export const childText = (element: XmlElement, name: string) => childrenNamed(element, name)[0]?.text
