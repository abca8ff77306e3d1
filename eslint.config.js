/**
 * The lint rules (`npm run lint`, and a step of `npm test`): ESLint's and typescript-eslint's
 * recommended rules, React's, the rules of hooks, jsx-a11y's accessibility rules and a few
 * import rules (eslint-plugin-import-x: the maintained fork, with flat config and TypeScript
 * support). Modelled on the Epic Stack's @epic-web/config. Types are checked by `tsc`, not
 * here, and formatting is Prettier's (prettier.config.js): no rule below is about layout.
 */
import js from '@eslint/js'
import importX from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import react from 'eslint-plugin-react'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
	{
		ignores: ['build/', 'data/', '.cache/', 'test-results/', 'playwright-report/', 'blob-report/', 'public/', 'patches/', 'backend/db/migrations/'],
	},
	js.configs.recommended,
	tseslint.configs.recommended,
	{
		files: ['**/*.{ts,tsx,js,mjs}'],
		languageOptions: {
			// Modules run on the server (Node), in the browser, or both (app/).
			globals: { ...globals.node, ...globals.browser },
		},
		plugins: { 'import-x': importX },
		rules: {
			'import-x/first': 'error',
			'import-x/no-duplicates': 'error',
			'import-x/no-mutable-exports': 'error',
			'import-x/no-named-default': 'error',
			'import-x/no-empty-named-blocks': 'error',
			// A `let` that closures read before its one assignment (a timer set after the handlers that clear it) stays `let`.
			'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
			// Import order is left as written: sorting would rewrite the head of nearly every file.
			'@typescript-eslint/no-unused-vars': ['error', { args: 'after-used', argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
		},
	},
	{
		files: ['**/*.tsx'],
		...react.configs.flat.recommended,
		...react.configs.flat['jsx-runtime'],
		plugins: { react, 'jsx-a11y': jsxA11y },
		languageOptions: { ...react.configs.flat.recommended.languageOptions },
		settings: { react: { version: 'detect' } },
		rules: {
			...react.configs.flat.recommended.rules,
			...react.configs.flat['jsx-runtime'].rules,
			...jsxA11y.flatConfigs.recommended.rules,
			// Props are typed by TypeScript.
			'react/prop-types': 'off',
			// Links that open a tab (partners, advertisers, the technology tree) keep the referrer on
			// purpose, so the other site sees where the reader came from; noopener alone protects this page.
			'react/jsx-no-target-blank': ['error', { allowReferrer: true }],
			// A table that scrolls sideways is a focusable region, so a keyboard can scroll it (axe scrollable-region-focusable).
			'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['region'] }],
		},
	},
	{
		// The two rules of hooks. The plugin's other recommended rules judge code for the React
		// Compiler, which this app does not use.
		files: ['app/**/*.{ts,tsx}'],
		plugins: { 'react-hooks': reactHooks },
		rules: {
			'react-hooks/rules-of-hooks': 'error',
			'react-hooks/exhaustive-deps': 'error',
		},
	},
	{
		// Tests read the API's and loaders' answers as loose JSON and reach into them by path: what
		// they assert about those values is the check.
		files: ['tests/**', 'e2e/**'],
		rules: { '@typescript-eslint/no-explicit-any': 'off' },
	},
)
