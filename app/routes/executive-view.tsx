import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node'
import { ScreenSwitchPage } from '~/components/membership/ScreenSwitchPage.tsx'
import { TITLE_SUFFIX } from '../../contract/constants.ts'
import { switchScreenView } from '~/lib/screen-view.server.ts'

const TITLE = 'Switch to executive view'

export const meta: MetaFunction = () => [{ title: `${TITLE}${TITLE_SUFFIX}` }, { name: 'robots', content: 'noindex' }]

export async function action(args: ActionFunctionArgs) {
	return switchScreenView(args, false)
}

export default function ExecutiveView() {
	return <ScreenSwitchPage title={TITLE} action="/executive-view" />
}
