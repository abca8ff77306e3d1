import { JOIN_TYPE } from '../../../contract/constants.ts'

/**
 * Spec 000 §2 Layout: these pages get no container padding (they lay out edge to edge):
 * memberships, data, desaldata, companies, mergers, utilities, events, newsletter archive,
 * and join with joinType set to the trial key.
 */
const FULL_BLEED_PREFIXES = ['/memberships', '/data', '/desaldata', '/companies', '/mergers', '/utilities', '/events', '/newsletters/archive']

export function hasContainerPadding(pathname: string, search: URLSearchParams) {
	if (pathname === '/join' && search.get('joinType') === JOIN_TYPE.trial) return false
	// Index pages only: /companies/{slug} is an ordinary padded page.
	return !FULL_BLEED_PREFIXES.some((prefix) =>
		prefix === '/newsletters/archive' ? pathname.startsWith(prefix) : pathname === prefix || pathname === `${prefix}/`,
	)
}
