/**
 * The code's existing style: tabs, single quotes, no semicolons, trailing commas. Lines are
 * long on purpose (one call or one JSX element per line where it fits): of 160, 180, 200
 * and 220 characters, 220 changed the fewest existing lines.
 * @type {import('prettier').Config}
 */
export default {
	useTabs: true,
	singleQuote: true,
	semi: false,
	trailingComma: 'all',
	printWidth: 220,
	// package.json and tsconfig.json keep npm's and tsc's two spaces.
	overrides: [{ files: '*.json', options: { useTabs: false } }],
}
