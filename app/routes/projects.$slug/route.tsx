import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { EntityPageView } from '~/components/entities/EntityPageView.tsx'
import { entityPageMeta } from '~/components/entities/meta.ts'
import { NoAccessPanel } from '~/components/NoAccessPanel.tsx'
import { entityStyles } from '~/components/entities/styles.ts'
import { MESSAGES } from '../../../contract/constants.ts'
import { detailsOf, entityPath } from '~/lib/entity-pages.ts'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'
import { loadProjectPage } from './data.server.ts'
import { ProjectFacts } from './ProjectFacts.tsx'
import { ProjectSample } from './ProjectSample.tsx'

/**
 * A project page (spec 000 §3, §4). With access (read:project): the Project Tracker record,
 * its history newest first, contacts and companies. Without: the no-access panel over a
 * blurred placeholder; the API sends such a reader only the name, country and types.
 * /projects/tracker and other old paths are legacy redirects (consulted before the 404).
 */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
	if (!data) return entityPageMeta(data, error)
	const details = detailsOf('projects', data.entity)
	const where = details.country ? ` in ${details.country.name}` : ''
	return entityPageMeta(data, error, {
		collection: false,
		// Without access the description is not ours to show; say what the page is about.
		description: data.entity.description ?? `${details.projectTypes.join(', ') || 'Water'} project${where}, tracked by the Project Tracker.`,
	})
}

export const headers = reuseLoaderHeaders

export const links = entityStyles

export async function loader(args: LoaderFunctionArgs) {
	return loadProjectPage(args)
}

export default function Project() {
	const page = useLoaderData<typeof loader>()
	const details = detailsOf('projects', page.entity)
	return (
		<EntityPageView
			page={page}
			eyebrow={details.projectTypes.length > 0 ? `Project · ${details.projectTypes.join(', ')}` : 'Project'}
			articlesTitle="Related articles"
			headerExtra={
				details.country ? (
					<p className="entity-header__links">
						Country: <Link to={entityPath('geographies', details.country.slug)}>{details.country.name}</Link>
					</p>
				) : null
			}
		>
			{page.entity.hasAccess ? (
				<ProjectFacts details={details} />
			) : (
				<div className="project-locked">
					<NoAccessPanel message={page.noAccessMessage ?? MESSAGES.noAccess} gate={page.gate} />
					<ProjectSample />
				</div>
			)}
		</EntityPageView>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
