/** /join/complete (spec 002 §2: the route exists, its content is not shown): the end of a join, signed-in readers only. */
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { commerceLinks } from '~/components/commerce/styles.ts'
import { requireReader } from '~/lib/guards.server.ts'
import { CACHE_CONTROL } from '~/lib/http.server.ts'
import { JOIN_MESSAGES } from '../../contract/commerce.ts'
import { TITLE_SUFFIX } from '../../contract/constants.ts'

export const meta: MetaFunction = () => [{ title: `Welcome${TITLE_SUFFIX}` }, { name: 'robots', content: 'noindex' }]
export const links = commerceLinks

export async function loader({ request, context }: LoaderFunctionArgs) {
	const user = await requireReader({ request, context }, { visitorsTo: '/' })
	return data({ name: user.name }, { headers: { 'Cache-Control': CACHE_CONTROL.privatePage } })
}

export default function JoinComplete() {
	const { name } = useLoaderData<typeof loader>()
	return (
		<article className="join-page">
			<h1>{JOIN_MESSAGES.complete}</h1>
			<p>{`Welcome, ${name.trim()}.`}</p>
			<Link className="button" to="/">
				{JOIN_MESSAGES.getStarted}
			</Link>
		</article>
	)
}
