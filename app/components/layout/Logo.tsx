import { Link } from '@remix-run/react'
import { PRODUCT_NAME, PRODUCT_SHORT_NAME } from '../../../contract/constants.ts'

/**
 * The link home. Its name is its visible text plus a hidden " home" (an aria-label that left out
 * the visible "GWI" failed WCAG 2.5.3 label-in-name for speech users).
 */
export function Logo() {
	return (
		<Link to="/" className="logo">
			<img src="/logo.svg" alt="" width="40" height="40" />
			<span className="logo__text">
				<strong>{PRODUCT_SHORT_NAME}</strong> <span>{PRODUCT_NAME}</span>
			</span>
			<span className="visually-hidden"> home</span>
		</Link>
	)
}
