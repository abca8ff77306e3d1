import { Form } from '@remix-run/react'
import type { NoticeId } from '../../../contract/membership.ts'

/** Closing a banner or dialog is a form post (works without scripts); /banners sets the flag and comes back. */
export function CloseNoticeForm({ id, noticeKey, returnUrl, label }: { id: NoticeId; noticeKey: string; returnUrl: string; label: string }) {
	return (
		<Form method="post" action="/banners" className="close-notice">
			<input type="hidden" name="notice" value={id} />
			<input type="hidden" name="key" value={noticeKey} />
			<input type="hidden" name="returnUrl" value={returnUrl} />
			<button type="submit" className="button button--ghost close-notice__button" aria-label={label}>
				<span aria-hidden="true">×</span>
			</button>
		</Form>
	)
}
