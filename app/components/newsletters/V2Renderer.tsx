/**
 * The V2 presentation of a newsletter (spec 002 §2 "two presentation versions, each with its
 * own renderer"): cards on a white column, the theme colour as accents.
 */
import { NEWSLETTER_MESSAGES, projectGroups, unsupportedComponentMessage, type ComponentOf, type NewsletterArticle, type NewsletterComponent } from '../../../contract/newsletters.ts'
import { ArticleByline, articleUrl, imageClass, PersonalisedHtml, ProjectLine, type RenderContext } from './parts.tsx'

export function V2Component({ component, context }: { component: NewsletterComponent; context: RenderContext }) {
	switch (component.type) {
		case 'TextCard':
			return (
				<section className={`nl2-text${component.graduatedBackground ? ' nl2-text--graduated' : ''}`}>
					<PersonalisedHtml html={component.bodyText} firstName={context.firstName} className="nl-html" />
				</section>
			)
		case 'LinkCard':
			return <V2Link card={component} />
		case 'ArticleListCard':
			return <V2ArticleList card={component} />
		case 'AdvertCard':
			return component.image ? (
				<aside className="nl2-advert" aria-label="Advertisement">
					<a href={component.link ?? undefined} rel="sponsored noopener">
						<img src={component.image} alt="Advertisement" />
					</a>
				</aside>
			) : null
		case 'ProjectListCard':
			return <V2Projects card={component} />
		case 'OpportunityListCard':
			return null
		case 'Unsupported':
			return <p className="nl-unsupported">{unsupportedComponentMessage(component.componentType)}</p>
	}
}

function V2Link({ card }: { card: ComponentOf<'LinkCard'> }) {
	return (
		<section className={`nl2-link nl2-link--${(card.imageType ?? 'Small').toLowerCase()}`}>
			{card.image ? <img src={card.image} alt="" className="nl2-link__image" /> : null}
			<div>
				{card.title ? <h2>{card.title}</h2> : null}
				{card.description ? <p>{card.description}</p> : null}
				{card.linkUrl ? (
					<a className={`nl2-link__cta${card.linkIcon ? ` nl2-link__cta--${card.linkIcon}` : ''}`} href={card.linkUrl}>
						{card.linkText ?? card.title ?? card.linkUrl}
					</a>
				) : null}
				{card.footer ? <p className="nl2-link__footer">{card.footer}</p> : null}
			</div>
		</section>
	)
}

function V2ArticleList({ card }: { card: ComponentOf<'ArticleListCard'> }) {
	return (
		<section className={`nl2-articles nl2-articles--${card.articleDisplayType}`}>
			{card.name ? <h2 className="nl2-heading">{card.name}</h2> : null}
			{card.articles.map((article) => (
				<V2Article key={article.slug} article={article} listType={card.articleDisplayType} />
			))}
		</section>
	)
}

function V2Article({ article, listType }: { article: NewsletterArticle; listType: ComponentOf<'ArticleListCard'>['articleDisplayType'] }) {
	const headline = (
		<h3 className="nl-article__headline">
			<a href={articleUrl(article)}>{article.headline}</a>
		</h3>
	)
	if (listType === 'HeadlineOnly' || article.displayType === 'HeadlineOnly') return <article className="nl2-article nl2-article--headline">{headline}</article>
	if (listType === 'BodyTextOnly')
		return (
			<article className="nl2-article nl2-article--body">
				{headline}
				{article.bodyText ? <div className="nl-html nl-article__body" dangerouslySetInnerHTML={{ __html: article.bodyText }} /> : <p className="nl-article__standfirst">{article.standfirst}</p>}
			</article>
		)
	const showImage = listType === 'Full' && article.thumbnail && article.displayType !== 'AuthorPhoto'
	return (
		<article className={`nl2-article nl2-article--${article.displayType}`}>
			{showImage ? <img className={imageClass(article)} src={article.thumbnail!} alt="" /> : null}
			<div>
				{article.displayType === 'PartnerContent' && article.sponsor ? <p className="nl-article__kicker">Partner content · {article.sponsor.name}</p> : null}
				{article.displayType === 'Opinion' || article.displayType === 'Interview' ? <p className="nl-article__kicker">{article.blogType?.name ?? article.articleType.name}</p> : null}
				{headline}
				{article.standfirst ? <p className="nl-article__standfirst">{article.standfirst}</p> : null}
				{listType === 'Full' ? <ArticleByline article={article} /> : null}
				{article.bodyText ? <div className="nl-html nl-article__body" dangerouslySetInnerHTML={{ __html: article.bodyText }} /> : null}
			</div>
		</article>
	)
}

function V2Projects({ card }: { card: ComponentOf<'ProjectListCard'> }) {
	return (
		<section className="nl2-projects">
			{card.name ? <h2 className="nl2-heading">{card.name}</h2> : null}
			{projectGroups(card).map((group) => (
				<div key={group.category} className="nl2-projects__group">
					<h3>{group.label}</h3>
					<ul>
						{group.projects.map((project) => (
							<li key={project.slug} className="nl-project">
								<ProjectLine project={project} />
							</li>
						))}
					</ul>
					{group.viewAll ? (
						<a className="nl2-projects__all" href={group.viewAll}>
							{NEWSLETTER_MESSAGES.viewAll}
						</a>
					) : null}
				</div>
			))}
		</section>
	)
}
