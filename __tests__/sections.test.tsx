import React from "react"
import { render, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { Brands } from "../src/sections/Brands"
import { CtaBand } from "../src/sections/CtaBand"
import { Expertise } from "../src/sections/Expertise"
import { Footer } from "../src/sections/Footer"
import { Header } from "../src/sections/Header"
import { Hero } from "../src/sections/Hero"
import { News } from "../src/sections/News"
import { Shops } from "../src/sections/Shops"
import { ThemeProvider } from "../src/lib/theme-choice"
import { readContent, sectionHeading, shops, readList, siteClaims } from "./helpers/content"
import { frenchTypography } from "../src/lib/typography"

type Site = {
  name: string
  tagline: string
  nav: Array<{ id: string; label: string }>
  hero: { eyebrow: string; title: string; text: string; button: string; salesLabel: string; ratingLabel: string }
  claims: Array<{ value?: number; text?: string; format: string; label: string }>
  fallbackStats: { totalSales: number; rating: number }
  cta: { title: string; text: string; buttonPrefix: string }
  footer: { about: string; brandsTitle: string; shopsTitle: string; copyrightYear: number; copyright: string }
}
type Engine = { expertise: { title: string; intro: string; steps: Array<{ title: string; text: string }> } }
type RawBrand = { id: string; name: string; text: string; wanted: boolean }
type RawNews = { id: string; source: string; title: string; excerpt: string; time: string; status: string; relevance: number }

const site = readContent<Site>("site")
const brands = readList<RawBrand>("brands").map(({ id, ...brand }) => ({ ...brand, jsonId: id }))
const news = readList<RawNews>("news").map(({ id, ...article }) => ({ ...article, jsonId: id }))

describe("header", () => {
  const renderHeader = () =>
    render(
      <ThemeProvider>
        <Header siteName={site.name} nav={site.nav} />
      </ThemeProvider>,
    )

  it("links to the spec's four sections, the gallery and the buy-back form", async () => {
    renderHeader()
    // jsdom applies the small-screen styles, where the links show once the menu is open.
    await userEvent.click(screen.getByRole("button", { name: "Ouvrir le menu" }))
    const nav = screen.getByRole("navigation", { name: "Navigation principale" })
    const hrefs = within(nav)
      .getAllByRole("link")
      .map((link) => link.getAttribute("href"))
    expect(hrefs).toEqual(["#expertise", "#marques", "#galerie", "#rachat", "#actualites", "#boutiques"])
  })

  it("has a mobile menu button that really opens and closes the links", async () => {
    renderHeader()
    const button = screen.getByRole("button", { name: "Ouvrir le menu" })
    expect(button).toHaveAttribute("aria-expanded", "false")
    expect(screen.queryByRole("navigation")).not.toBeInTheDocument()

    await userEvent.click(button)
    expect(screen.getByRole("button", { name: "Fermer le menu" })).toHaveAttribute("aria-expanded", "true")
    const nav = screen.getByRole("navigation", { name: "Navigation principale" })
    expect(within(nav).getAllByRole("link")).toHaveLength(6)
    expect(within(nav).getByRole("link", { name: "Expertise" })).toHaveFocus()

    await userEvent.keyboard("{Escape}")
    expect(screen.queryByRole("navigation")).not.toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Ouvrir le menu" })).toHaveFocus()

    // A tap on the dimmed page outside the sheet closes it.
    await userEvent.click(screen.getByRole("button", { name: "Ouvrir le menu" }))
    await userEvent.click(screen.getByTestId("menu-backdrop"))
    expect(screen.queryByRole("navigation")).not.toBeInTheDocument()

    await userEvent.click(screen.getByRole("button", { name: "Ouvrir le menu" }))
    await userEvent.click(within(screen.getByRole("navigation")).getByRole("link", { name: "Boutiques" }))
    expect(screen.queryByRole("navigation")).not.toBeInTheDocument()
  })
})

describe("hero", () => {
  it("shows the title, the claims and the fallback figures 300 and 4,9/5", () => {
    render(<Hero hero={site.hero} claims={siteClaims()} stats={site.fallbackStats} verifiedText={site.tagline} />)
    expect(screen.getByRole("heading", { level: 1, name: site.hero.title })).toBeInTheDocument()
    expect(screen.getByText("99,8 %")).toBeInTheDocument()
    expect(screen.getByText("300+")).toBeInTheDocument()
    expect(screen.getByText("24/7")).toBeInTheDocument()
    expect(screen.getByTestId("hero-total-sales")).toHaveTextContent("300")
    expect(screen.getByTestId("hero-rating")).toHaveTextContent("4,9/5")
    expect(screen.getByRole("link", { name: /Découvrir nos boutiques/ })).toHaveAttribute("href", "#boutiques")
  })
})

describe("expertise and brands", () => {
  it("explains the three steps of the authentication", () => {
    const engine = readContent<Engine>("engine")
    render(<Expertise expertise={engine.expertise} eyebrow="Expertise" />)
    const section = screen.getByRole("region", { name: engine.expertise.title })
    expect(section).toHaveAttribute("id", "expertise")
    expect(within(section).getAllByRole("listitem")).toHaveLength(3)
    expect(within(section).getByRole("heading", { name: "3. Validation humaine" })).toBeInTheDocument()
  })

  it("presents the four brands", () => {
    render(<Brands heading={sectionHeading("brands")} brands={brands} />)
    const section = screen.getByRole("region", { name: "Les marques que nous authentifions" })
    expect(section).toHaveAttribute("id", "marques")
    const names = within(section)
      .getAllByRole("heading", { level: 3 })
      .map((heading) => heading.textContent)
    expect(names).toEqual(["Lacoste", "Ralph Lauren", "Tommy Hilfiger", "Lancaster"])
  })
})

describe("24h news", () => {
  it("shows the three articles with source, status and relevance", () => {
    render(<News heading={sectionHeading("news")} articles={news} />)
    const section = screen.getByRole("region", { name: "Actualités 24h" })
    expect(section).toHaveAttribute("id", "actualites")
    const articles = within(section).getAllByRole("article")
    expect(articles).toHaveLength(3)
    expect(within(articles[0]!).getByText("Mode & Tendances")).toBeInTheDocument()
    expect(within(articles[0]!).getByText("Live")).toBeInTheDocument()
    expect(within(articles[0]!).getByText("96 %")).toBeInTheDocument()
    expect(within(articles[0]!).getByText(/il y a 2 h/)).toBeInTheDocument()
  })
})

describe("shops, call to action and footer", () => {
  it("shows two shop cards with stars, badges and a new-tab link", () => {
    render(<Shops heading={sectionHeading("shops")} shops={shops()} />)
    const section = screen.getByRole("region", { name: "Retrouvez-nous sur Vinted" })
    expect(section).toHaveAttribute("id", "boutiques")
    const cards = within(section).getAllByRole("article")
    expect(cards).toHaveLength(2)
    for (const card of cards) {
      expect(within(card).getByRole("img", { name: frenchTypography("Note : 5 sur 5") })).toBeInTheDocument()
      expect(within(card).getByText("+100 avis positifs")).toBeInTheDocument()
      expect(within(card).getByText("+100 articles vendus")).toBeInTheDocument()
      const link = within(card).getByRole("link", { name: /Visiter la boutique/ })
      expect(link).toHaveAttribute("target", "_blank")
      expect(link).toHaveAttribute("rel", "noopener noreferrer")
    }
    expect(within(cards[0]!).getByRole("link", { name: /Visiter la boutique/ })).toHaveAttribute(
      "href",
      "https://www.vinted.fr/member/184512345-maxai-officiel",
    )
  })

  it("opens the same two shop profiles from the call-to-action band", () => {
    render(<CtaBand cta={site.cta} shops={shops()} />)
    const links = screen.getAllByRole("link")
    expect(links.map((link) => link.getAttribute("href"))).toEqual(shops().map((shop) => shop.url))
    expect(links[0]).toHaveAccessibleName(/Visiter maxAi Officiel/)
    for (const link of links) expect(link).toHaveAttribute("rel", "noopener noreferrer")
  })

  it("lists the brands and shops and the 2025 copyright", () => {
    render(<Footer siteName={site.name} footer={site.footer} brands={brands} shops={shops()} />)
    const footer = screen.getByRole("contentinfo")
    expect(within(footer).getByText("Tommy Hilfiger")).toBeInTheDocument()
    expect(within(footer).getByRole("link", { name: /maxAi Premium/ })).toHaveAttribute("target", "_blank")
    expect(footer).toHaveTextContent("© 2025 maxAi. Tous droits réservés.")
  })
})
