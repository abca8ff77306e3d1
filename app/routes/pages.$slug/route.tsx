import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { CardGrid } from '~/components/cards/CardGrid.tsx'
import { cardQuery } from '~/components/cards/page-query.ts'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { NoAccessPanel } from '~/components/NoAccessPanel.tsx'
import { createApiClient } from '~/lib/api.server.ts'
import { PARTNER_COMPANY_PARAM } from '../../../contract/card-rules.ts'
import { PRODUCT_NAME } from '../../../contract/constants.ts'
import { publicOrigin } from '~/lib/env.server.ts'
import { routeError } from '~/lib/errors.server.ts'
import { pageCacheHeaders, reuseLoaderHeaders } from '~/lib/http.server.ts'
import { accessGate } from '~/lib/no-access.ts'
import { noAccessMessage } from '~/lib/no-access.server.ts'
import { absoluteUrl, errorMeta, seoMeta } from '~/lib/seo.ts'
import { chosenPartner, CUSTOM_PAGE, editLinkFor, latestNewsletterSlug, loadPartners, readerOf, type Partner } from './data.server.ts'
import { PartnerFilter } from './PartnerFilter.tsx'

/**
 * Custom pages (spec 000 §2): privacy policy, terms, cookie policy, the partner content hub,
 * the archive, expertise pages and any page the CMS adds, each its body and its cards.
 * /pages/newsletters goes to the latest newsletter issue.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
	const slug = params.slug ?? ''
	const url = new URL(request.url)
	const api = createApiClient({ request, context })

	if (slug === CUSTOM_PAGE.newsletters) {
		const latest = await latestNewsletterSlug(api)
		// Temporary: the latest issue changes every week.
		if (latest) throw redirect(`/newsletters/${latest}`, { headers: pageCacheHeaders(request) })
	}

	let partners: Partner[] | null = null
	let partner: Partner | null = null
	if (slug === CUSTOM_PAGE.partnerContentHub) partners = await loadPartners(api)
	if (partners) {
		const choice = chosenPartner(url.searchParams, partners)
		if (!choice.canonical) {
			// An empty or unknown partner-company is no filter: go to the hub without it.
			const next = new URL(url)
			next.searchParams.delete(PARTNER_COMPANY_PARAM)
			if (choice.partner) next.searchParams.set(PARTNER_COMPANY_PARAM, choice.partner.slug)
			throw redirect(`${next.pathname}${next.search}`)
		}
		partner = choice.partner
	}

	const [response, reader] = await Promise.all([
		api.get('pages.bySlug', { params: { slug }, query: cardQuery(url.searchParams) }).catch((error: unknown) => routeError(error, request)),
		readerOf(request, context),
	])
	const page = response.item
	const origin = publicOrigin()
	// A page the reader may not open: the CMS's message for its slug, else the default.
	const noAccess = page.hasAccess
		? null
		: {
				message: await noAccessMessage(api, page.slug),
				gate: accessGate(reader.gateReader, { title: page.headline ?? page.name, url: absoluteUrl(origin, `/pages/${page.slug}`) }, new Date()),
			}
	return data(
		{
			origin,
			page,
			cards: response.componentItems ?? [],
			editUrl: editLinkFor(reader, page.id),
			noAccess,
			partners,
			partner,
		},
		{ headers: pageCacheHeaders(request) },
	)
}

export const headers = reuseLoaderHeaders

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
	if (!data) return errorMeta(error)
	const { page, origin, partner } = data
	const url = absoluteUrl(origin, `/pages/${page.slug}`)
	const title = page.seoProperties.title ?? page.headline ?? page.name
	return [
		...seoMeta({
			title: partner ? `${title}: ${partner.name}` : title,
			description: page.seoProperties.description ?? page.description,
			// Filtered and paged views are the same page for search engines.
			canonical: url,
			image: page.bannerImage ?? page.thumbnail,
			jsonLd: [
				{
					'@context': 'https://schema.org',
					'@type': 'WebPage',
					name: title,
					description: page.seoProperties.description ?? page.description ?? undefined,
					url,
					datePublished: page.publicationDate,
					isPartOf: { '@type': 'WebSite', name: PRODUCT_NAME, url: absoluteUrl(origin, '/') },
				},
				{
					'@context': 'https://schema.org',
					'@type': 'BreadcrumbList',
					itemListElement: [
						{ '@type': 'ListItem', position: 1, name: 'Home', item: absoluteUrl(origin, '/') },
						{ '@type': 'ListItem', position: 2, name: page.name, item: url },
					],
				},
			],
		}),
		...(page.seoProperties.keywords ? [{ name: 'keywords', content: page.seoProperties.keywords }] : []),
	]
}

export default function CustomPage() {
	const { page, cards, editUrl, noAccess, partners, partner } = useLoaderData<typeof loader>()
	return (
		<article className="custom-page">
			<header className="custom-page__header">
				<h1>{page.headline ?? page.name}</h1>
				{editUrl ? (
					<a href={editUrl} className="button button--outline" target="_blank" rel="noopener noreferrer">
						Edit
					</a>
				) : null}
			</header>
			{page.description ? <p className="custom-page__description">{page.description}</p> : null}
			{page.bannerImage ? <img className="custom-page__banner" src={page.bannerImage} alt="" width="1200" height="300" /> : null}
			{page.hasAccess ? (
				<>
					{/* Sanitised by the API (backend/api/pages.ts, safeHtml). */}
					{page.bodyText ? <div className="prose custom-page__body" dangerouslySetInnerHTML={{ __html: page.bodyText }} /> : null}
					{partners ? <PartnerFilter partners={partners} chosen={partner} hubPath={`/pages/${page.slug}`} /> : null}
					<CardGrid cards={cards} />
				</>
			) : noAccess ? (
				<NoAccessPanel message={noAccess.message} gate={noAccess.gate} />
			) : null}
		</article>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
