import React from "react"
import { Clock } from "lucide-react"
import { copy } from "../../copy"
import { formatPercent } from "../../lib/format"
import { card } from "../../styles/utils.css"
import { Section, type HeadingContent } from "../../components/Section"
import * as styles from "./News.css"

export type NewsArticle = Queries.NewsArticleFragment

type NewsProps = {
  heading: HeadingContent
  articles: ReadonlyArray<NewsArticle>
  /** True while the runtime news request is in flight. */
  loading?: boolean
  sectionRef?: React.Ref<HTMLElement>
}

/** '24h news': the three articles from content/news.json (section #actualites). */
export function News({ heading, articles, loading = false, sectionRef }: NewsProps) {
  return (
    <Section id="actualites" heading={heading} sectionRef={sectionRef} busy={loading}>
      <ul className={styles.list}>
        {articles.map((article) => (
          <li key={article.jsonId}>
            <article className={`${card} ${styles.article}`}>
              <div className={styles.top}>
                <p className={styles.source}>{article.source}</p>
                <p className={styles.live}>
                  <span className={styles.dot} aria-hidden="true" />
                  {article.status}
                </p>
              </div>
              <h3 className={styles.title}>{article.title}</h3>
              <p className={styles.excerpt}>{article.excerpt}</p>
              <p className={styles.meta}>
                <span className={styles.time}>
                  <Clock size={14} aria-hidden="true" /> {article.time}
                </span>
                <span>
                  {copy.news.relevance} <span className={styles.relevance}>{formatPercent(article.relevance)}</span>
                </span>
              </p>
            </article>
          </li>
        ))}
      </ul>
      <p className={styles.loading} role="status">
        {loading ? copy.news.loading : ""}
      </p>
    </Section>
  )
}
