/** Spec 002 §2: an editor's preview of a draft issue (with its secret; never cached or indexed). */
import { IssueErrorBoundary, issueMeta, IssuePage } from '~/components/newsletters/IssuePage.tsx'
import { issueHeaders, issueLoader } from '~/lib/newsletters.server.ts'

export const loader = issueLoader('draft', false)
export const headers = issueHeaders('draft')
export const meta = issueMeta
export default IssuePage
export const ErrorBoundary = IssueErrorBoundary
