import { Link, useLocation } from '@remix-run/react'
import { formatDate } from '~/lib/format.ts'
import { ArticleTags } from './ArticleTags.tsx'
import { ACCESS_ANCHOR, ARTICLE_TEXT, LIST_VARIANT } from './constants.ts'
import type { ArticlePageData, UnlockResult } from './data.server.ts'
import { MembershipGate } from './MembershipGate.tsx'
import { RelatedArticles } from './RelatedArticles.tsx'
import { GATED_SECTION_CLASS } from './structured-data.ts'

/** The article page, published or draft: the article, its access state, related lists. */
export function ArticleView({ page, unlock }: { page: ArticlePageData; unlock?: UnlockResult | null }) {
	const { article, access, related, moreOfType, isDraft } = page
	const { pathname, search } = useLocation()
	const reloadHref = `${pathname}${search}`
	const image = article.imageUrl ?? article.thumbnail
	return (
		<div className="article-page">
			<article className="article">
				{isDraft ? (
					<p className="article-notice" role="note">
						{ARTICLE_TEXT.draftNotice}
					</p>
				) : null}
				<header className="article__header">
					<p className="article__type">
						<Link to={`/article-types/${article.articleType.slug}`}>{article.articleType.name}</Link>
					</p>
					<h1>{article.headline}</h1>
					{article.standfirst ? <p className="article__standfirst">{article.standfirst}</p> : null}
					<p className="article__byline">
						{article.author.length > 0 ? (
							<>
								By{' '}
								{article.author.map((author, index) => (
									<span key={author.slug}>
										{index > 0 ? ', ' : null}
										<Link to={`/authors/${author.slug}`}>{author.name}</Link>
									</span>
								))}{' '}
								·{' '}
							</>
						) : null}
						<time dateTime={article.publicationDate}>{formatDate(article.publicationDate)}</time>
					</p>
					{article.sponsor ? (
						<p className="article__sponsor">
							{ARTICLE_TEXT.sponsoredBy}{' '}
							<Link to={`/companies/${article.sponsor.slug}`}>
								{article.sponsor.logo ? <img className="article__sponsor-logo" src={article.sponsor.logo} alt="" width="96" height="32" /> : null}
								{article.sponsor.name}
							</Link>
						</p>
					) : null}
				</header>
				{image ? <img className="article__image" src={image} alt="" width="1200" height="675" /> : null}
				{/* Where the unlock button was: the reader sees the answer without scrolling. */}
				<span id={ACCESS_ANCHOR} />
				{unlock ? (
					<p className={`article-notice article-notice--${unlock.ok ? 'success' : 'error'}`} role={unlock.ok ? 'status' : 'alert'}>
						{unlock.message}
					</p>
				) : null}
				{access.status === 'readable' && article.bodyText ? (
					<>
						{access.unlockedByTrial ? (
							<p className="article-notice" role="note">
								{ARTICLE_TEXT.unlockUsedUp}
							</p>
						) : null}
						{/* bodyText and previewText are sanitised by the API (backend/api/articles.ts, safeHtml and firstParagraph). */}
						<div className={`prose article__body ${GATED_SECTION_CLASS}`} dangerouslySetInnerHTML={{ __html: article.bodyText }} />
					</>
				) : (
					<>
						{article.leadIn ? <p className="article__lead-in">{article.leadIn}</p> : null}
						{/* The first paragraph, cut and sanitised by the API (backend/api/content-html.ts firstParagraph). */}
						{article.previewText ? <div className="prose article__preview" dangerouslySetInnerHTML={{ __html: article.previewText }} /> : null}
						{access.status === 'gated' ? <MembershipGate state={access} /> : null}
					</>
				)}
				<ArticleTags article={article} />
			</article>
			<div className="article-related">
				<ArticleLists related={related} moreOfType={moreOfType} articleType={article.articleType} reloadHref={reloadHref} />
			</div>
		</div>
	)
}

/** The related articles (when the API had them) and more of the article's type. */
function ArticleLists({ related, moreOfType, articleType, reloadHref }: Pick<ArticlePageData, 'related' | 'moreOfType'> & { articleType: ArticlePageData['article']['articleType']; reloadHref: string }) {
	return (
		<>
			{related ? <RelatedArticles id="related-articles" title={ARTICLE_TEXT.related} list={related} variant={LIST_VARIANT.related} reloadHref={reloadHref} /> : null}
			<RelatedArticles
				id="more-of-type"
				title={ARTICLE_TEXT.moreOfType(articleType.name)}
				list={moreOfType}
				variant={LIST_VARIANT.moreOfType}
				seeMore={`/article-types/${articleType.slug}`}
				reloadHref={reloadHref}
			/>
		</>
	)
}
