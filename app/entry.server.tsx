import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext, type HandleDataRequestFunction } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { ContainedFailuresContext, type ContainedFailures } from './components/cards/CardBoundary.tsx'
import { EveryCardRenderer } from './components/cards/renderers.server.tsx'
import { NonceProvider } from './lib/nonce.tsx'
import { documentBody } from './lib/html-stream.server.ts'
import { applyQueuedCookies } from './lib/response-cookies.server.ts'
import './lib/load-context.ts'
import { log } from './lib/log.ts'

export const streamTimeout = 5_000

export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	remixContext: EntryContext,
	loadContext: AppLoadContext,
) {
	// Crawlers and no-JS readers get the whole document at once; browsers get the shell early.
	const readyEvent = isbot(request.headers.get('user-agent') ?? '') ? 'onAllReady' : 'onShellReady'
	const nonce = loadContext.cspNonce
	const renderStarted = performance.now()
	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		// Cards whose renderer failed are replaced by their error message (CardBoundary): the
		// page is still whole, so those failures alone do not make it a 500.
		const containedCards: ContainedFailures = { count: 0 }
		const renderErrors: unknown[] = []
		// Whatever has not rendered by then is given up (streamed parts show their fallbacks).
		// The timer is cleared once everything has rendered: until it fires, its closure keeps
		// the whole render (tree, loader data) alive, some 130 finished pages a second under load,
		// all promoted to the old generation and marked there again and again.
		let abortTimer: ReturnType<typeof setTimeout> | undefined
		// The document leaves once its shell (or, for crawlers, all of it) has rendered.
		function sendShell() {
			shellRendered = true
			const contained = renderErrors.length <= containedCards.count
			if (!contained) responseStatusCode = 500
			for (const error of renderErrors)
				log.error({ err: error }, contained ? '[render] a card failed; its error message shows in its place' : '[render]')
			const body = documentBody()
			responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
			applyQueuedCookies(loadContext, responseHeaders)
			loadContext.timing?.add('render', 'Render', performance.now() - renderStarted)
			if (loadContext.timing) responseHeaders.append('Server-Timing', loadContext.timing.toString())
			resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }))
			pipe(body)
		}
		const { pipe, abort } = renderToPipeableStream(
			<NonceProvider value={nonce}>
				<ContainedFailuresContext.Provider value={containedCards}>
					{/* Every card renders whole here; the browser loads each card type's code on demand. */}
					<EveryCardRenderer>
						<RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
					</EveryCardRenderer>
				</ContainedFailuresContext.Provider>
			</NonceProvider>,
			{
				nonce,
				onAllReady() {
					clearTimeout(abortTimer)
					if (readyEvent === 'onAllReady') sendShell()
				},
				onShellReady() {
					if (readyEvent === 'onShellReady') sendShell()
				},
				onShellError(error: unknown) {
					clearTimeout(abortTimer)
					reject(error)
				},
				onError(error: unknown) {
					// Errors after the shell are logged; before it they are counted (see above) or reach the error boundary.
					if (shellRendered) log.error({ err: error }, '[render]')
					else renderErrors.push(error)
				},
			},
		)
		abortTimer = setTimeout(abort, streamTimeout + 1_000)
	})
}

export const handleDataRequest: HandleDataRequestFunction = (response, { context }) => {
	applyQueuedCookies(context, response.headers)
	if (context.timing) response.headers.append('Server-Timing', context.timing.toString())
	return response
}

export function handleError(error: unknown, { request }: { request: Request }) {
	// Aborted requests (client went away) are not errors worth a log line.
	if (request.signal.aborted) return
	if (error instanceof Response) return
	const url = new URL(request.url)
	log.error({ err: error }, `[error] ${request.method} ${url.pathname}`)
}
