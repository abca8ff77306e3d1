import type { LinksFunction } from '@remix-run/node'
import commerceStyles from './commerce.css?url'

export const commerceLinks: LinksFunction = () => [{ rel: 'stylesheet', href: commerceStyles }]
