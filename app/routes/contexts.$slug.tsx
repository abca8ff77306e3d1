import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { EntityPageView } from '~/components/entities/EntityPageView.tsx'
import { entityPageMeta } from '~/components/entities/meta.ts'
import { entityStyles } from '~/components/entities/styles.ts'
import { entityPageResponse } from '~/lib/entity-pages.server.ts'
import { detailsOf } from '~/lib/entity-pages.ts'
import { formatDate } from '~/lib/format.ts'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'

/**
 * A context (spec 001 §3 context item): the explanatory note a context card holds, on a page
 * of its own, the destination of the site search's Contexts hits. Its description is public;
 * its text and cards reach only readers with access, the others see the card's locked view,
 * "Available with" and the membership that opens it (spec 001 §2 Context cards).
 */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => entityPageMeta(data, error, { collection: false })

export const headers = reuseLoaderHeaders

export const links = entityStyles

export async function loader(args: LoaderFunctionArgs) {
	return entityPageResponse(args, 'contexts')
}

export default function Context() {
	const page = useLoaderData<typeof loader>()
	const { entity } = page
	const details = detailsOf('contexts', entity)
	return (
		<EntityPageView page={page} eyebrow="Context">
			{entity.hasAccess ? (
				(details.authorNames ?? []).length > 0 ? (
					<p className="context__authors">
						{(details.authorNames ?? []).join(', ')}
						{entity.publicationDate ? (
							<>
								{' · '}
								<time dateTime={entity.publicationDate}>{formatDate(entity.publicationDate)}</time>
							</>
						) : null}
					</p>
				) : null
			) : (
				<p className="card__locked context-locked">
					{details.lockedLabel}. <Link to="/memberships">Find out more</Link>
				</p>
			)}
		</EntityPageView>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
