import { Link } from '@remix-run/react'
import { PRODUCT_NAME, PRODUCT_SHORT_NAME } from '../../../contract/constants.ts'

export function Logo() {
	return (
		<Link to="/" className="logo" aria-label={`${PRODUCT_NAME} home`}>
			<img src="/logo.svg" alt="" width="40" height="40" />
			<span className="logo__text">
				<strong>{PRODUCT_SHORT_NAME}</strong>
				<span>{PRODUCT_NAME}</span>
			</span>
		</Link>
	)
}
