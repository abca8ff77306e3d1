import { Link } from '@remix-run/react'

/**
 * Spec 000 §6: "preview:data — preview unpublished data (toggle, banner)". While a reader who
 * may preview has the profile toggle on, every page says so, so unpublished figures are never
 * mistaken for published ones. The words are ours.
 */
export const PREVIEW_DATA_BANNER = {
	label: 'Data preview',
	message: 'You are previewing unpublished data.',
	link: 'Turn preview off in your profile',
} as const

export function PreviewDataBanner() {
	return (
		<section className="membership-banner membership-banner--warning preview-data-banner" aria-label={PREVIEW_DATA_BANNER.label} data-banner="preview-data">
			<div className="container membership-banner__inner">
				<p>
					{PREVIEW_DATA_BANNER.message} <Link to="/profile">{PREVIEW_DATA_BANNER.link}</Link>
				</p>
			</div>
		</section>
	)
}
