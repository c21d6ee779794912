import React from "react"
import { withPrefix } from "gatsby"
import { ChatLauncher } from "../../components/Chat"
import { SkipLink } from "../../components/SkipLink"
import { container, section, sectionHeader, sectionIntro, sectionTitle } from "../../styles/utils.css"
import { Footer } from "../Footer"
import { Header } from "../Header"
import * as styles from "./Legal.css"

/** What every legal page's query reads besides its own text: the site's header, footer and chat (as on the 404 page). */
export type LegalChrome = Pick<Queries.MentionsLegalesPageQuery, "site" | "brands" | "shops" | "chat">

type LegalLayoutProps = {
  chrome: LegalChrome
  title: string
  intro: string
  children: React.ReactNode
}

/**
 * A legal page in the site's own design: the header (its section links lead to the home page),
 * one <h1> with its introduction, the text as a reading column, the footer, and the chat, which
 * the spec wants on every page.
 */
export function LegalLayout({ chrome, title, intro, children }: LegalLayoutProps) {
  const { site } = chrome
  if (!site) return null
  const shops = chrome.shops?.nodes ?? []
  return (
    <>
      <SkipLink />
      <Header
        siteName={site.name}
        nav={site.nav}
        linkBase={withPrefix("/")}
        chat={chrome.chat ? <ChatLauncher content={chrome.chat} shopUrls={shops.map((shop) => shop.url)} linkBase={withPrefix("/")} /> : null}
      />
      <main id="contenu" tabIndex={-1}>
        <section className={section} aria-labelledby="page-titre">
          <div className={container}>
            <div className={sectionHeader}>
              <h1 id="page-titre" className={sectionTitle}>
                {title}
              </h1>
              <p className={sectionIntro}>{intro}</p>
            </div>
            <div className={styles.article}>{children}</div>
          </div>
        </section>
      </main>
      <Footer siteName={site.name} footer={site.footer} brands={chrome.brands?.nodes ?? []} shops={shops} />
    </>
  )
}

/** One titled part of a legal page: an <h2> and its text (a plain <section>, not a landmark: the page has many). */
export function LegalPart({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className={styles.part}>
      <h2 className={styles.partTitle}>{title}</h2>
      {children}
    </section>
  )
}
