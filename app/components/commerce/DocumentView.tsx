/**
 * A document page (spec 002 §2, §4): its cover and description, then by the access rule
 * the download control, the sample state (tariff survey, IDRA handbook: the full download
 * hidden), or the paywall; signed-in whitepaper and sample downloads pass a confirmation
 * step with the privacy notice first, a page of its own whose form post continues to the file.
 */
import { Form, Link } from '@remix-run/react'
import { useState, type FormEvent, type MouseEvent } from 'react'
import { DOCUMENT_MESSAGES, type DocumentAccess } from '../../../contract/documents.ts'
import { formatMembershipDate } from '../../../contract/membership.ts'
import { MESSAGES } from '../../../contract/constants.ts'
import { NoAccessPanel } from '~/components/NoAccessPanel.tsx'
import type { AccessGate } from '~/lib/no-access.ts'
import { loginUrl } from '~/lib/return-url.ts'

export type DocumentViewProps = {
	document: { slug: string; name: string; description: string | null; image: string | null; publicationDate: string | null; documentType: string; isHyperlink: boolean }
	access: DocumentAccess
	/** The members' paywall (message chosen by slug, the membership gate); null: signing in is all it takes. */
	noAccess: { message: string; gate: AccessGate } | null
	signedIn: boolean
	confirming: boolean
	sample: boolean
	downloadUrl: string
	error: string | null
	returnUrl: string
	/** Where the page's own links and posts go (a draft keeps its secret). */
	pagePath: string
}

type DownloadStatus = { text: string; failed: boolean } | null

/**
 * With scripts, the file is fetched here so the page can say 'Downloading...', then
 * 'Download successful' or 'Download failed' (spec 000 §4, 002 §8); without, the browser
 * follows the link or the form post and saves the file itself.
 */
function useScriptedDownload(downloadUrl: string) {
	const [status, setStatus] = useState<DownloadStatus>(null)
	const start = async (event: MouseEvent | FormEvent) => {
		event.preventDefault()
		setStatus({ text: DOCUMENT_MESSAGES.downloading, failed: false })
		try {
			const response = await fetch(downloadUrl)
			const disposition = response.headers.get('Content-Disposition') ?? ''
			if (!response.ok || !disposition.startsWith('attachment')) {
				const refused = new URL(response.url, window.location.href).searchParams.get('downloadError') === 'permission'
				setStatus({ text: refused ? DOCUMENT_MESSAGES.noPermission : DOCUMENT_MESSAGES.failed, failed: true })
				return
			}
			const url = URL.createObjectURL(await response.blob())
			const anchor = document.createElement('a')
			anchor.href = url
			anchor.download = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'document.pdf'
			document.body.append(anchor)
			anchor.click()
			anchor.remove()
			// Spec 002 §9's object URL lifetime.
			window.setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_REVOKE_MS)
			setStatus({ text: DOCUMENT_MESSAGES.success, failed: false })
		} catch {
			setStatus({ text: DOCUMENT_MESSAGES.failed, failed: true })
		}
	}
	return { status, start }
}

/** Spec 002 §9: "Object URL revoke: 40 s". */
const OBJECT_URL_REVOKE_MS = 40_000

function StatusLine({ status }: { status: DownloadStatus }) {
	if (!status) return null
	return (
		<p role={status.failed ? 'alert' : 'status'} className={status.failed ? 'form-error' : undefined}>
			{status.text}
		</p>
	)
}

export function DocumentView(props: DocumentViewProps) {
	const { document, access, confirming, error } = props
	return (
		<article className="document-page">
			<h1>{document.name}</h1>
			{document.publicationDate ? <p>{formatMembershipDate(new Date(document.publicationDate))}</p> : null}
			{document.image ? <img src={document.image} alt="" width={240} /> : null}
			{document.description ? <p>{document.description}</p> : null}
			{error ? (
				<p className="form-error" role="alert">
					{error}
				</p>
			) : null}
			{confirming ? <Confirmation {...props} /> : access.state === 'paywall' ? <Paywall {...props} /> : <DownloadControl {...props} />}
		</article>
	)
}

function DownloadControl({ document, access, sample, downloadUrl, pagePath }: DocumentViewProps) {
	const { status, start } = useScriptedDownload(downloadUrl)
	const label = sample ? DOCUMENT_MESSAGES.downloadSample : document.isHyperlink ? DOCUMENT_MESSAGES.openLink : DOCUMENT_MESSAGES.download
	const confirmUrl = `${pagePath}${pagePath.includes('?') ? '&' : '?'}step=confirm${sample ? '&isSample=true' : ''}`
	return (
		<section aria-label="Download">
			{sample ? <p>{DOCUMENT_MESSAGES.sampleState}</p> : null}
			{/* Downloads without a confirmation step (a visitor's sample) still carry the privacy notice. */}
			{access.showsPrivacyNotice && !access.needsConfirmation ? <p className="notice">{DOCUMENT_MESSAGES.privacyNotice}</p> : null}
			{access.needsConfirmation ? (
				<Link className="button" to={confirmUrl}>
					{label}
				</Link>
			) : document.isHyperlink && !sample ? (
				<Form method="post" action={pagePath}>
					<button className="button" type="submit" name="intent" value="open-link">
						{label}
					</button>
				</Form>
			) : (
				<a className="button" href={downloadUrl} download onClick={(event) => void start(event)}>
					{label}
				</a>
			)}
			<StatusLine status={status} />
		</section>
	)
}

function Confirmation({ document, access, sample, pagePath, downloadUrl }: DocumentViewProps) {
	const { status, start } = useScriptedDownload(downloadUrl)
	const opensLink = document.isHyperlink && !sample
	return (
		<section aria-labelledby="confirm-download" className="paywall">
			<h2 id="confirm-download">{DOCUMENT_MESSAGES.confirmTitle}</h2>
			{access.showsPrivacyNotice ? <p>{DOCUMENT_MESSAGES.privacyNotice}</p> : null}
			<Form method="post" action={pagePath} reloadDocument onSubmit={opensLink ? undefined : (event) => void start(event)}>
				<input type="hidden" name="isSample" value={String(sample)} />
				<button className="button" type="submit" name="intent" value={opensLink ? 'open-link' : 'download'}>
					{DOCUMENT_MESSAGES.confirm}
				</button>{' '}
				<Link to={pagePath}>Cancel</Link>
			</Form>
			<StatusLine status={status} />
		</section>
	)
}

function Paywall({ signedIn, returnUrl, noAccess }: DocumentViewProps) {
	if (noAccess) return <NoAccessPanel message={noAccess.message} gate={noAccess.gate} />
	// Without a members' paywall a free account is all it takes: a visitor is told so and
	// offered the account, not a membership (spec 000's login prompt for restricted content).
	if (!signedIn) {
		return (
			<section aria-labelledby="document-paywall" className="paywall">
				<h2 id="document-paywall">{DOCUMENT_MESSAGES.freeAccountTitle}</h2>
				<p>{DOCUMENT_MESSAGES.freeAccountLead}</p>
				<p className="paywall__actions">
					<Link className="button" to={loginUrl(returnUrl)}>
						{DOCUMENT_MESSAGES.createFreeAccount}
					</Link>
				</p>
				<p className="paywall__login">
					{MESSAGES.alreadyHaveAccount} <Link to={loginUrl(returnUrl)}>Login</Link>
				</p>
			</section>
		)
	}
	return (
		<section aria-labelledby="document-paywall" className="paywall">
			<h2 id="document-paywall">{DOCUMENT_MESSAGES.paywallTitle}</h2>
			<p>
				<Link className="button" to="/memberships">
					Join
				</Link>
			</p>
		</section>
	)
}
