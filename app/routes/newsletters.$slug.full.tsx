/** Spec 002 §2: a published issue, full view: every article's text, Save as PDF (print=true prints) and the PDF download. */
import { IssueErrorBoundary, issueMeta, IssuePage } from '~/components/newsletters/IssuePage.tsx'
import { issueHeaders, issueLoader } from '~/lib/newsletters.server.ts'

export const loader = issueLoader('published', true)
export const headers = issueHeaders('published')
export const meta = issueMeta
export default IssuePage
export const ErrorBoundary = IssueErrorBoundary
