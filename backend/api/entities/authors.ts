/**
 * Authors (spec 000 §3 Author: name, photo, biography, description). The biography is
 * content HTML: it leaves sanitised, as the page body and in the details.
 */
import { sql } from 'drizzle-orm'
import { safeHtml } from '../content-html.ts'
import { pick, type EntityKind } from './kind.ts'

export const authors: EntityKind = {
	table: 'authors',
	label: 'author',
	pageType: 'Author',
	ownerKind: 'author',
	thumbnail: sql`e.photo`,
	headline: sql`e.job_title`,
	bodyText: sql`e.biography`,
	articles: (id) => ({ authorId: id }),
	details: async ({ data }) => {
		const details = pick(data, ['job_title', 'photo', 'biography'])
		return { ...details, biography: safeHtml(details.biography as string | null) }
	},
}
