/**
 * What both newsletter renderers share: the placeholder-personalised HTML of a text card,
 * an article's link and image width, a project's line. HTML comes from the API (sanitised
 * there); the site renders it as given.
 */
import { escapeHtml } from '../../../contract/html.ts'
import { imageSizeOf, personalise, type NewsletterArticle, type NewsletterProject } from '../../../contract/newsletters.ts'
import { formatDate } from '~/lib/format.ts'

export type RenderContext = {
	/** The signed-in reader's first name; null removes the placeholder. */
	firstName: string | null
}

export function PersonalisedHtml({ html, firstName, className }: { html: string; firstName: string | null; className?: string }) {
	return <div className={className} dangerouslySetInnerHTML={{ __html: personalise(html, firstName, escapeHtml) }} />
}

export const articleUrl = (article: Pick<NewsletterArticle, 'slug'>) => `/articles/${article.slug}`

/**
 * "imageSize Small/Medium/Large as 33/50/100 %", as classes (newsletter.css): the site's
 * Content-Security-Policy allows no inline styles.
 */
export const imageClass = (article: Pick<NewsletterArticle, 'imageSize'>) => `nl-article__image nl-image--${imageSizeOf(article.imageSize).toLowerCase()}`

export function ArticleByline({ article }: { article: NewsletterArticle }) {
	return (
		<p className="nl-article__byline">
			{article.author ? <a href={`/authors/${article.author.slug}`}>{article.author.name}</a> : null}
			{article.author ? ' · ' : null}
			<time dateTime={article.publicationDate}>{formatDate(article.publicationDate)}</time>
			{article.geographies.length ? ` · ${article.geographies.map((g) => g.name).join(', ')}` : null}
		</p>
	)
}

export function ProjectLine({ project }: { project: NewsletterProject }) {
	return (
		<>
			<a href={`/projects/${project.slug}`}>{project.name}</a>
			{project.country ? <span className="nl-project__country"> — {project.country}</span> : null}
			<span className="nl-project__status">
				{project.progress}
				{project.shortStatus ? `: ${project.shortStatus}` : ''}
			</span>
		</>
	)
}
