import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { EntityPageView } from '~/components/entities/EntityPageView.tsx'
import { entityPageMeta, organizationJsonLd } from '~/components/entities/meta.ts'
import { entityStyles } from '~/components/entities/styles.ts'
import { ApiError, createApiClient } from '~/lib/api.server.ts'
import { loadEntityPage, pageResponse } from '~/lib/entity-pages.server.ts'
import { detailsOf } from '~/lib/entity-pages.ts'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'
import { absoluteUrl } from '~/lib/seo.ts'
import { CompanyActivitiesCard, CompanyDetailsCard } from './CompanyProfile.tsx'
import { FinancialStats, type FinancialStatsState } from './FinancialStats.tsx'
import { TechnologyTree } from './TechnologyTree.tsx'
import { TREE_EXPANDED, TREE_PARAM, treeState } from './technology-tree.ts'

/** Where strategist mode sends companies not flagged showAsPage (spec 000 §2). */
const COMPANIES_INDEX = '/companies'

/**
 * A company page (spec 000 §2, 001 §2): details and activities, the technology tree, the
 * financial stats card (hidden on Forbidden), its cards or slices and its articles.
 */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
	if (!data) return entityPageMeta(data, error)
	const details = detailsOf('companies', data.entity)
	return entityPageMeta(data, error, {
		collection: false,
		jsonLd: [
			organizationJsonLd(data, details, {
				legalName: details.fullCompanyName ?? undefined,
				alternateName: details.companyNameAlias ?? undefined,
				logo: details.logo ? absoluteUrl(data.origin, details.logo) : undefined,
			}),
		],
	})
}

export const headers = reuseLoaderHeaders

export const links = entityStyles

export async function loader(args: LoaderFunctionArgs) {
	const slug = args.params.slug ?? ''
	// The indicators are asked for alongside the page; Forbidden (or Unauthorized) hides the card.
	const stats: Promise<FinancialStatsState> = createApiClient(args)
		.get('companies.indicators', { params: { slug } })
		.then(
			(response): FinancialStatsState => ({ status: 'ok', items: response.items ?? [] }),
			(error: unknown): FinancialStatsState => (error instanceof ApiError && (error.status === 403 || error.status === 401) ? { status: 'forbidden' } : { status: 'error' }),
		)
	const { page, reader } = await loadEntityPage(args, 'companies', { state: treeState })
	const details = detailsOf('companies', page.entity)
	if (reader.strategistMode && !details.showAsPage) throw redirect(COMPANIES_INDEX)
	const treeExpanded = treeState(new URL(args.request.url).searchParams)[TREE_PARAM] === TREE_EXPANDED
	return pageResponse(args.request, { ...page, treeExpanded, stats: await stats })
}

export default function Company() {
	const { treeExpanded, stats, ...page } = useLoaderData<typeof loader>()
	const details = detailsOf('companies', page.entity)
	return (
		<EntityPageView page={page} eyebrow={details.isPartner ? 'Partner company' : 'Company'} image={details.logo ?? page.entity.thumbnail} articlesTitle={`Latest on ${page.entity.name}`}>
			<div className="entity-sections">
				<CompanyDetailsCard details={details} />
				<CompanyActivitiesCard details={details} />
				<TechnologyTree nodes={details.technologyTree} expanded={treeExpanded} />
				<FinancialStats stats={stats} slug={page.entity.slug} />
			</div>
		</EntityPageView>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
