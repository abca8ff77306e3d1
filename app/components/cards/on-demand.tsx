/**
 * A component whose code the browser fetches only where it is used: the first time it renders
 * (through `React.lazy`, inside a <Suspense>), or earlier when its `load()` is called.
 *
 * Why the earlier load: while the page hydrates, a boundary whose code is still on its way
 * keeps the server's HTML, but any update to the page in that moment (Remix discovering the
 * routes of its links, a fetcher) reaches every such boundary, and React then drops their
 * HTML and draws them again (its error 421). entry.client.tsx therefore loads the code of the
 * page's cards before hydrating (load-page-cards.ts); a component loaded by then renders at once,
 * never suspending, so there is nothing left to hydrate later.
 */
import { lazy, useState, type ComponentType } from 'react'

export type OnDemand<Props extends object> = ComponentType<Props> & {
	/** Fetches the code now; resolves once it is there, rejects if it could not be fetched. */
	load: () => Promise<unknown>
}

export function onDemand<Props extends object>(load: () => Promise<ComponentType<Props>>): OnDemand<Props> {
	let loaded: ComponentType<Props> | undefined
	let loading: Promise<ComponentType<Props>> | undefined
	const loadOnce = () =>
		(loading ??= load().then(
			(component) => (loaded = component),
			(error: unknown) => {
				// A later render may try again (a flaky connection).
				loading = undefined
				throw error
			},
		))
	// Typed as the component it stands for (React's types cannot relate a lazy one to generic props).
	const Later = lazy(async () => ({ default: await loadOnce() })) as unknown as ComponentType<Props>

	function OnDemandComponent(props: Props) {
		// Decided once per mounted component: switching from Later to the loaded one on a later
		// render would mount it afresh, losing its state and DOM.
		const [Loaded] = useState(() => loaded)
		return Loaded ? <Loaded {...props} /> : <Later {...props} />
	}
	return Object.assign(OnDemandComponent, { load: loadOnce })
}
