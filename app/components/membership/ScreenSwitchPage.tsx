import { Form } from '@remix-run/react'
import { useEffect, useRef } from 'react'

/**
 * GET /strategist-view and /executive-view: switching changes a stored preference, so it is
 * a form post; this page holds that form and submits it at once when scripts run.
 */
export function ScreenSwitchPage({ title, action }: { title: string; action: string }) {
	const form = useRef<HTMLFormElement>(null)
	useEffect(() => {
		form.current?.requestSubmit()
	}, [])
	return (
		<article className="screen-switch">
			<h1>{title}</h1>
			<Form method="post" action={action} ref={form}>
				<button type="submit" className="button">
					{title}
				</button>
			</Form>
		</article>
	)
}
