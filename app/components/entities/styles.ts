import type { LinksFunction } from '@remix-run/node'
import entitiesStyles from './entities.css?url'

/** The stylesheet of entity and list pages, linked by those routes only. */
export const entityStyles: LinksFunction = () => [{ rel: 'stylesheet', href: entitiesStyles }]
