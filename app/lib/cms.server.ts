import { getEnv } from './env.server.ts'

/**
 * Where staff edit a page's layout: the content management system at CMS_URL (unset: no
 * Edit link). Our choice of address: {CMS_URL}/{collection}/{id}, e.g. /pages/12; a CMS
 * with other addresses sets CMS_URL to the prefix its editor uses.
 */
export function cmsEditUrl(collection: string, id: number): string | null {
	const base = getEnv().CMS_URL
	if (!base) return null
	return `${base.replace(/\/$/, '')}/${encodeURIComponent(collection)}/${id}`
}
