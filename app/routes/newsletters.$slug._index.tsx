/** Spec 002 §2: a published issue. */
import { IssueErrorBoundary, issueMeta, IssuePage } from '~/components/newsletters/IssuePage.tsx'
import { issueHeaders, issueLoader } from '~/lib/newsletters.server.ts'

export const loader = issueLoader('published', false)
export const headers = issueHeaders('published')
export const meta = issueMeta
export default IssuePage
export const ErrorBoundary = IssueErrorBoundary
