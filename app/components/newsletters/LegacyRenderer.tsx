/**
 * The older presentation of a newsletter (spec 002 §2): a single ruled column as the issues
 * before V2 were laid out, section titles on a band of the theme colour, articles as a run
 * of headlines and text.
 */
import { NEWSLETTER_MESSAGES, projectGroups, unsupportedComponentMessage, type ComponentOf, type NewsletterComponent } from '../../../contract/newsletters.ts'
import { ArticleByline, articleUrl, imageClass, PersonalisedHtml, ProjectLine, type RenderContext } from './parts.tsx'

export function LegacyComponent({ component, context }: { component: NewsletterComponent; context: RenderContext }) {
	switch (component.type) {
		case 'TextCard':
			return (
				<div className={`nl1-text${component.graduatedBackground ? ' nl1-text--graduated' : ''}`}>
					<PersonalisedHtml html={component.bodyText} firstName={context.firstName} className="nl-html" />
				</div>
			)
		case 'LinkCard':
			return (
				<div className="nl1-link">
					{component.title ? <h2 className="nl1-band">{component.title}</h2> : null}
					<table className="nl1-link__table" role="presentation">
						<tbody>
							<tr>
								{component.image ? (
									<td className="nl1-link__image">
										<img src={component.image} alt="" />
									</td>
								) : null}
								<td>
									{component.description ? <p>{component.description}</p> : null}
									{component.linkUrl ? <a href={component.linkUrl}>{component.linkText ?? component.linkUrl} »</a> : null}
									{component.footer ? <p className="nl1-small">{component.footer}</p> : null}
								</td>
							</tr>
						</tbody>
					</table>
				</div>
			)
		case 'ArticleListCard':
			return <LegacyArticleList card={component} />
		case 'AdvertCard':
			return component.image ? (
				<div className="nl1-advert">
					<a href={component.link ?? undefined} rel="sponsored noopener">
						<img src={component.image} alt="Advertisement" />
					</a>
				</div>
			) : null
		case 'ProjectListCard':
			return (
				<div className="nl1-projects">
					{component.name ? <h2 className="nl1-band">{component.name}</h2> : null}
					{projectGroups(component).map((group) => (
						<div key={group.category}>
							<h3>{group.label}</h3>
							<ol>
								{group.projects.map((project) => (
									<li key={project.slug} className="nl-project">
										<ProjectLine project={project} />
									</li>
								))}
							</ol>
							{group.viewAll ? <a href={group.viewAll}>{NEWSLETTER_MESSAGES.viewAll} »</a> : null}
						</div>
					))}
				</div>
			)
		case 'OpportunityListCard':
			return null
		case 'Unsupported':
			return <p className="nl-unsupported">{unsupportedComponentMessage(component.componentType)}</p>
	}
}

function LegacyArticleList({ card }: { card: ComponentOf<'ArticleListCard'> }) {
	const type = card.articleDisplayType
	return (
		<div className={`nl1-articles nl1-articles--${type}`}>
			{card.name ? <h2 className="nl1-band">{card.name}</h2> : null}
			{type === 'HeadlineOnly' ? (
				<ul className="nl1-headlines">
					{card.articles.map((article) => (
						<li key={article.slug}>
							<a href={articleUrl(article)}>{article.headline}</a>
						</li>
					))}
				</ul>
			) : (
				card.articles.map((article) => (
					<div key={article.slug} className={`nl1-article nl1-article--${article.displayType}`}>
						<h3 className="nl-article__headline">
							<a href={articleUrl(article)}>{article.headline}</a>
						</h3>
						{type === 'Full' && article.thumbnail && article.displayType !== 'HeadlineOnly' ? <img className={imageClass(article)} src={article.thumbnail} alt="" /> : null}
						{type !== 'BodyTextOnly' && article.standfirst && article.displayType !== 'HeadlineOnly' ? <p className="nl-article__standfirst">{article.standfirst}</p> : null}
						{type === 'Full' ? <ArticleByline article={article} /> : null}
						{article.bodyText ? <div className="nl-html nl-article__body" dangerouslySetInnerHTML={{ __html: article.bodyText }} /> : type === 'BodyTextOnly' ? <p className="nl-article__standfirst">{article.standfirst}</p> : null}
						{type !== 'BodyTextOnly' ? <a href={articleUrl(article)} className="nl1-more">Read more »</a> : null}
					</div>
				))
			)}
		</div>
	)
}
