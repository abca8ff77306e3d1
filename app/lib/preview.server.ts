import type { AppLoadContext } from '@remix-run/node'
import { CLIENT_ADDRESS_HEADER } from '../../contract/identity.ts'

/**
 * What a draft's preview asks the API with: its secret, and the reader's address, against
 * which the API counts wrong secrets (too many from one address: 429).
 */
export function previewHeaders(context: AppLoadContext, secret: string): { PreviewToken: string; [CLIENT_ADDRESS_HEADER]?: string } {
	return context.clientAddress ? { PreviewToken: secret, [CLIENT_ADDRESS_HEADER]: context.clientAddress } : { PreviewToken: secret }
}
