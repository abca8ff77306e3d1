import { getEnv } from './env.server.ts'

/**
 * Where staff edit a page's layout: the content management system at CMS_URL (unset: no
 * Edit link). Our choice of address: {CMS_URL}/{collection}/{id}, e.g. /pages/12; a CMS
 * with other addresses sets CMS_URL to the prefix its editor uses.
 */
export function cmsEditUrl(collection: string, id: number): string | null {
	return editUrlUnder(getEnv().CMS_URL, collection, id)
}

/** The edit address under a CMS base address; none without one. */
export function editUrlUnder(base: string | undefined, collection: string, id: number): string | null {
	if (!base) return null
	return `${base.replace(/\/$/, '')}/${encodeURIComponent(collection)}/${id}`
}
