/** Spec 002 §2: an issue opened from the archive (no export buttons). */
import { IssueErrorBoundary, issueMeta, IssuePage } from '~/components/newsletters/IssuePage.tsx'
import { issueHeaders, issueLoader } from '~/lib/newsletters.server.ts'

export const loader = issueLoader('archive', false)
export const headers = issueHeaders('archive')
export const meta = issueMeta
export default IssuePage
export const ErrorBoundary = IssueErrorBoundary
