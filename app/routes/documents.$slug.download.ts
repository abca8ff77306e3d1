/**
 * /documents/{slug}/download[?isSample=true]: the document's file, streamed from the API
 * (GET /documents/slug/{slug}/download). A refusal comes back to the document page with
 * 'Sorry, you do not have permission to download this file', any other failure with
 * 'Download failed' (app/lib/documents.server.ts).
 */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { downloadDocumentFile } from '~/lib/documents.server.ts'

export const loader = (args: LoaderFunctionArgs) => downloadDocumentFile(args, { draft: false })
