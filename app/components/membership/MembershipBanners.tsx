import { Link } from '@remix-run/react'
import type { Banner } from '../../../contract/membership.ts'
import { CloseNoticeForm } from './CloseNoticeForm.tsx'

const BANNER_LABELS: Record<Banner['id'], string> = {
	trial: 'Free trial',
	'membership-expiry': 'Membership renewal',
	'incomplete-profile': 'Incomplete profile',
	'trial-expired': 'Free trial ended',
	'membership-expired': 'Membership expired',
}

/** The trial, pre-expiry and incomplete-profile banners under the header (spec 000 §2). */
export function MembershipBanners({ banners, returnUrl }: { banners: Banner[]; returnUrl: string }) {
	if (banners.length === 0) return null
	return (
		<div className="membership-banners">
			{banners.map((banner) => (
				<section key={banner.id} className={`membership-banner membership-banner--${banner.tone}`} aria-label={BANNER_LABELS[banner.id]} data-banner={banner.id}>
					<div className="container membership-banner__inner">
						<p>
							{banner.message}{' '}
							{banner.link ? (
								banner.link.to.startsWith('mailto:') ? <a href={banner.link.to}>{banner.link.label}</a> : <Link to={banner.link.to}>{banner.link.label}</Link>
							) : null}
						</p>
						{banner.key ? <CloseNoticeForm id={banner.id} noticeKey={banner.key} returnUrl={returnUrl} label={`Close ${BANNER_LABELS[banner.id].toLowerCase()} message`} /> : null}
					</div>
				</section>
			))}
		</div>
	)
}
