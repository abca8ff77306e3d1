/**
 * Closing a banner or dialog (spec 000 §2, §4): a form post that records, in a cookie, which
 * condition the reader closed it for, and goes back. No scripts needed.
 */
import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { readForm } from '~/lib/form.server.ts'
import { serializeClosedNotice } from '~/lib/preferences.server.ts'
import { safeReturnUrl } from '~/lib/return-url.ts'
import { getUserSummary } from '~/lib/user.server.ts'

const CloseSchema = z.object({
	notice: z.enum(['trial', 'membership-expiry', 'trial-expired', 'membership-expired']),
	key: z.string().min(1).max(100),
})

export async function loader() {
	return redirect('/')
}

export async function action({ request, context }: ActionFunctionArgs) {
	const form = await readForm(request)
	const returnUrl = safeReturnUrl(form.get('returnUrl'))
	const parsed = CloseSchema.safeParse({ notice: form.get('notice'), key: form.get('key') })
	const user = await getUserSummary(request, context)
	// Nothing to remember for a visitor or a malformed post: just go back.
	if (!parsed.success || !user?.sub) return redirect(returnUrl)
	return redirect(returnUrl, { headers: { 'Set-Cookie': await serializeClosedNotice(request, user.sub, parsed.data.notice, parsed.data.key) } })
}
