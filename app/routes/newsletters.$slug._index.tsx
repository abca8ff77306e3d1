/** Spec 002 §2: a published issue. */
import { IssueErrorBoundary, issueHeaders, issueLoader, issueMeta, IssuePage } from './newsletters/issue-page.tsx'

export const loader = issueLoader('published', false)
export const headers = issueHeaders('published')
export const meta = issueMeta
export default IssuePage
export const ErrorBoundary = IssueErrorBoundary
