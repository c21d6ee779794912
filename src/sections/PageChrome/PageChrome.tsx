import React from "react"
import { withPrefix } from "gatsby"
import { ChatLauncher } from "../../components/Chat"
import { SkipLink } from "../../components/SkipLink"
import { Footer } from "../Footer"
import { Header } from "../Header"

export type PageChromeContent = Queries.PageChromeFragment

/**
 * The site's frame around a page other than the home page: the skip link, the header (its section
 * links lead to the home page's anchors), the page's <main>, the footer, and the chat, which the
 * spec wants on every page.
 */
export function PageChrome({ chrome, children }: { chrome: PageChromeContent; children: React.ReactNode }) {
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
        {children}
      </main>
      <Footer siteName={site.name} footer={site.footer} brands={chrome.brands?.nodes ?? []} shops={shops} />
    </>
  )
}
