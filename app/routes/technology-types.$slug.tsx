import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link as RouterLink, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { EntityPageView } from '~/components/entities/EntityPageView.tsx'
import { ItemList } from '~/components/entities/ItemList.tsx'
import { entityPageMeta } from '~/components/entities/meta.ts'
import { entityStyles } from '~/components/entities/styles.ts'
import { entityPageResponse } from '~/lib/entity-pages.server.ts'
import { detailsOf, entityPath } from '~/lib/entity-pages.ts'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'
import { createApiClient } from '~/lib/api.server.ts'
import { isNotFoundThrown } from '~/lib/errors.server.ts'

/** Node types of the technology tree (spec 001 §3), as readers read them. */
const NODE_TYPE_LABELS: Record<string, string> = {
	TechnologyType: 'Technology type',
	TechnologySubType: 'Technology subtype',
	TechnologySubSubType: 'Technology sub-subtype',
}

/**
 * A technology type page: strategist-only (others go to /); its slices, or "No data found"
 * (spec 001 §2). Opened in a new tab from a company's technology tree. Its breadcrumbs run
 * through the technology and every ancestor node, so deep nodes show the elided trail.
 */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => entityPageMeta(data, error)

export const headers = reuseLoaderHeaders

export const links = entityStyles

export async function loader(args: LoaderFunctionArgs) {
	return technologyTypePage(args).catch(async (error: unknown) => {
		// The company technology tree opens every node here (spec 000 §2), its top level too:
		// a technology's slug goes on to the technology's page.
		const slug = args.params.slug ?? ''
		if (isNotFoundThrown(error) && (await isTechnology(args, slug))) throw redirect(entityPath('technologies', slug), 301)
		throw error
	})
}

async function isTechnology(args: LoaderFunctionArgs, slug: string) {
	try {
		const response = await createApiClient(args).get('entities.bySlugs', { params: { kind: 'technologies', slugs: slug } })
		return (response.items ?? []).some((item) => item.slug === slug)
	} catch {
		return false
	}
}

function technologyTypePage(args: LoaderFunctionArgs) {
	return entityPageResponse(args, 'technology-types', {
		ancestors: (entity) => {
			const { technology, ancestors } = detailsOf('technology-types', entity)
			return [
				...(technology ? [{ label: technology.name, href: entityPath('technologies', technology.slug) }] : []),
				...ancestors.map((node) => ({ label: node.name, href: entityPath('technology-types', node.slug) })),
			]
		},
	})
}

export default function TechnologyType() {
	const page = useLoaderData<typeof loader>()
	const details = detailsOf('technology-types', page.entity)
	const { technology, parent, children } = details
	return (
		<EntityPageView
			page={page}
			eyebrow={NODE_TYPE_LABELS[details.nodeType] ?? 'Technology type'}
			headerExtra={
				<>
					{technology || parent ? (
						<p className="entity-header__links">
							{technology ? (
								<>
									Technology: <RouterLink to={entityPath('technologies', technology.slug)}>{technology.name}</RouterLink>
								</>
							) : null}
							{parent ? (
								<>
									{technology ? ' · ' : null}Part of: <RouterLink to={entityPath('technology-types', parent.slug)}>{parent.name}</RouterLink>
								</>
							) : null}
						</p>
					) : null}
					<ItemList level={2} title="Subtypes" items={children.map((child) => ({ label: child.name, href: entityPath('technology-types', child.slug) }))} />
				</>
			}
		/>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
