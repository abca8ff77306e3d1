/**
 * A newsletter issue (spec 002 §2-§4): its masthead, its tools (full view, PDF, staff export)
 * and its components drawn by the renderer of its presentation version. Without access:
 * one blurred placeholder article and the membership upsell; the issue's text is not in the
 * page (the API sent none).
 */
import { Link, useLocation } from '@remix-run/react'
import { useEffect } from 'react'
import { AUTO_PRINT_DELAY_MS, NEWSLETTER_MESSAGES, PRINT_PARAM, themeOf, type Newsletter, type NewsletterComponent } from '../../../contract/newsletters.ts'
import { NoAccessPanel } from '~/components/NoAccessPanel.tsx'
import { formatDate } from '~/lib/format.ts'
import type { AccessGate } from '~/lib/no-access.ts'
import { ExportButtons } from './ExportButtons.tsx'
import { LegacyComponent } from './LegacyRenderer.tsx'
import { V2Component } from './V2Renderer.tsx'
import type { RenderContext } from './parts.tsx'

export type NewsletterViewProps = {
	newsletter: Newsletter
	components: NewsletterComponent[]
	firstName: string | null
	canExport: boolean
	/** Where this issue lives: /newsletters/{slug}, /newsletters/archive/{slug}, /newsletters/draft/{slug}. */
	basePath: string
	/** The full view: every article's text, print tools. */
	full: boolean
	/** Query kept on links between the page and its full view (a draft's secret). */
	keep?: string
	gate: { message: string; gate: AccessGate } | null
}

export function NewsletterView({ newsletter, components, firstName, canExport, basePath, full, keep = '', gate }: NewsletterViewProps) {
	const context: RenderContext = { firstName }
	const Renderer = newsletter.presentationVersion === 'V2' ? V2Component : LegacyComponent
	const suffix = keep ? `?${keep}` : ''
	return (
		<article className={`newsletter newsletter--${newsletter.presentationVersion.toLowerCase()}${full ? ' newsletter--full' : ''} newsletter--theme-${themeOf(newsletter.themeColour).toLowerCase()}`}>
			{full && newsletter.hasAccess ? <AutoPrint /> : null}
			<header className="newsletter__masthead">
				{newsletter.bannerImage ? <img className="newsletter__banner" src={newsletter.bannerImage} alt="" /> : null}
				<p className="newsletter__title">{newsletter.definition.name}</p>
				<h1>{newsletter.name}</h1>
				<p className="newsletter__edition">
					{newsletter.edition} · <time dateTime={newsletter.published}>{formatDate(newsletter.published)}</time>
					{newsletter.isDraft ? <span className="tag"> Draft</span> : null}
				</p>
			</header>
			<nav className="newsletter__tools no-print" aria-label="Newsletter tools">
				{full ? (
					<Link to={`${basePath}${suffix}`}>Back to the newsletter</Link>
				) : (
					<Link to={`${basePath}/full${suffix}`}>Full view</Link>
				)}
				{full && newsletter.hasAccess ? (
					<>
						{/* Without scripts the link still leads to the print-ready page; with them it prints. */}
						<a className="button" href={`${basePath}/full?${new URLSearchParams([...new URLSearchParams(keep), [PRINT_PARAM, 'true']])}`}>
							{NEWSLETTER_MESSAGES.savePdf}
						</a>
						{newsletter.isDraft ? null : (
							<a className="button button--outline" href={`/newsletters/${newsletter.slug}/pdf`} download>
								{NEWSLETTER_MESSAGES.downloadPdf}
							</a>
						)}
					</>
				) : null}
				{canExport ? <ExportButtons slug={newsletter.slug} /> : null}
			</nav>
			<div className="newsletter__body">
				{newsletter.hasAccess ? (
					components.map((component) => <Renderer key={component.id} component={component} context={context} />)
				) : (
					<>
						<PlaceholderArticle />
						{gate ? <NoAccessPanel message={gate.message} gate={gate.gate} /> : null}
					</>
				)}
			</div>
		</article>
	)
}

/** "one blurred placeholder article": stand-in text, never the issue's own. */
function PlaceholderArticle() {
	return (
		<div className="newsletter__placeholder" aria-hidden="true">
			<h3>Market news from this week’s issue</h3>
			<p>
				Every issue brings the contracts, tenders and deals that move the water market, with analysis from our team of analysts and the latest changes in the Project
				Tracker.
			</p>
			<p>Members read each newsletter in full, in the browser, as a PDF and in their inbox.</p>
		</div>
	)
}

/** "auto-prints when print=true is present and access is held", after the spec's delay. */
function AutoPrint() {
	const { search } = useLocation()
	const print = new URLSearchParams(search).get(PRINT_PARAM) === 'true'
	useEffect(() => {
		if (!print) return
		const timer = setTimeout(() => window.print(), AUTO_PRINT_DELAY_MS)
		return () => clearTimeout(timer)
	}, [print])
	return null
}
