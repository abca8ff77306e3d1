import { Form, Link } from '@remix-run/react'
import { MEMBERSHIP_MESSAGES, type Dialog } from '../../../contract/membership.ts'

/**
 * The home page's trial-expired or membership-expired modal (spec 000 §2, §4), rendered
 * open on the server so it shows and closes without scripts: Close is a form post.
 */
export function HomeDialog({ dialog, returnUrl }: { dialog: Dialog; returnUrl: string }) {
	return (
		<div className="home-dialog__backdrop">
			<dialog open className="home-dialog" aria-labelledby="home-dialog-title" data-dialog={dialog.id}>
				<h2 id="home-dialog-title">{dialog.title}</h2>
				<p>{dialog.message}</p>
				<div className="home-dialog__actions">
					<Link to={dialog.link.to} className="button">
						{dialog.link.label}
					</Link>
					<Form method="post" action="/banners">
						<input type="hidden" name="notice" value={dialog.id} />
						<input type="hidden" name="key" value={dialog.key} />
						<input type="hidden" name="returnUrl" value={returnUrl} />
						<button type="submit" className="button button--outline">
							{MEMBERSHIP_MESSAGES.close}
						</button>
					</Form>
				</div>
			</dialog>
		</div>
	)
}
