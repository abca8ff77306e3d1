/** Spec 002 §2: an issue opened from the archive (no export buttons). */
import { IssueErrorBoundary, issueMeta, IssuePage } from './newsletters/issue-page.tsx'
import { issueHeaders, issueLoader } from './newsletters/issue.server.ts'

export const loader = issueLoader('archive', false)
export const headers = issueHeaders('archive')
export const meta = issueMeta
export default IssuePage
export const ErrorBoundary = IssueErrorBoundary
