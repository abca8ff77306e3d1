/**
 * /documents/draft/{slug}/download?secret=…[&isSample=true]: a draft document's file, for
 * holders of its preview secret who may download it (GET /documents/slug/draft/{slug}/download
 * with the secret as PreviewToken). Failures come back to the draft's page, secret kept.
 */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { downloadDocumentFile } from '~/lib/documents.server.ts'

export const loader = (args: LoaderFunctionArgs) => downloadDocumentFile(args, { draft: true })
