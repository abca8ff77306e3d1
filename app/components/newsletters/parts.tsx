/**
 * What both newsletter renderers share: the placeholder-personalised HTML of a text card,
 * an article's link and image width, a project's line. HTML comes from the API (sanitised
 * there); the site renders it as given.
 */
import { escapeHtml } from '../../../contract/html.ts'
import { imageWidthPercent, personalise, type NewsletterArticle, type NewsletterProject } from '../../../contract/newsletters.ts'
import { formatDate } from '~/lib/format.ts'

export type RenderContext = {
	/** The signed-in reader's first name; null removes the placeholder. */
	firstName: string | null
	/** The theme colour, as CSS. */
	colour: string
}

export function PersonalisedHtml({ html, firstName, className }: { html: string; firstName: string | null; className?: string }) {
	return <div className={className} dangerouslySetInnerHTML={{ __html: personalise(html, firstName, escapeHtml) }} />
}

export const articleUrl = (article: Pick<NewsletterArticle, 'slug'>) => `/articles/${article.slug}`

/** "imageSize Small/Medium/Large as 33/50/100 %". */
export const imageStyle = (article: Pick<NewsletterArticle, 'imageSize'>) => ({ width: `${imageWidthPercent(article.imageSize)}%` })

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
