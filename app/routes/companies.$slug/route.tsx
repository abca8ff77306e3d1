import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { EntityPageView } from '~/components/entities/EntityPageView.tsx'
import { entityPageMeta, organizationJsonLd } from '~/components/entities/meta.ts'
import { entityStyles } from '~/components/entities/styles.ts'
import { detailsOf } from '~/lib/entity-pages.ts'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'
import { absoluteUrl } from '~/lib/seo.ts'
import { CompanyActivitiesCard, CompanyDetailsCard } from './CompanyProfile.tsx'
import { loadCompanyPage } from './data.server.ts'
import { FinancialStats } from './FinancialStats.tsx'
import { TechnologyTree } from './TechnologyTree.tsx'

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
	return loadCompanyPage(args)
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
