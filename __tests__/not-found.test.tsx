import React from "react"
import { fireEvent, render, screen, within } from "@testing-library/react"
import type { PageProps } from "gatsby"
import NotFoundPage from "../src/pages/404"
import { wrapRootElement } from "../src/wrap-root"
import { readContent } from "./helpers/content"

// The page module carries a page query; the project's Gatsby mock makes `graphql` inert.
jest.mock("gatsby", () => jest.requireActual("../__mocks__/gatsby"))

type RawEntry = { id: string; name: string; url?: string }
const withJsonId = ({ id, ...rest }: RawEntry) => ({ ...rest, jsonId: id })

function renderNotFound() {
  const data = {
    site: readContent("site"),
    brands: { nodes: readContent<{ items: RawEntry[] }>("brands").items.map(withJsonId) },
    shops: { nodes: readContent<{ items: RawEntry[] }>("shops").items.map(withJsonId) },
    chat: readContent("chat"),
  }
  const props = { data, location: { pathname: "/page-inexistante/" } } as unknown as PageProps<Queries.NotFoundPageQuery>
  // Wrapped like every page of the site (theme, toasts, global styles).
  return render(wrapRootElement({ element: <NotFoundPage {...props} /> }))
}

describe("the 404 page", () => {
  afterEach(() => document.documentElement.classList.remove("js"))

  it("tells the visitor in French that the page does not exist", () => {
    renderNotFound()
    expect(screen.getByRole("heading", { level: 1, name: "Oups, cette page est introuvable" })).toBeInTheDocument()
    expect(screen.getByText("Erreur 404")).toBeInTheDocument()
    expect(screen.getByText(/Le lien que vous avez suivi est peut-être ancien/)).toBeInTheDocument()
  })

  it("offers a clear way back to the home page inside the main content", () => {
    renderNotFound()
    const main = screen.getByRole("main")
    expect(within(main).getByRole("link", { name: "Retour à l'accueil" })).toHaveAttribute("href", "/")
  })

  it("keeps the site's header, whose section links lead to the home page", () => {
    renderNotFound()
    // jsdom applies no media query: the header is the phone's, its links behind the menu button.
    fireEvent.click(screen.getByRole("button", { name: "Ouvrir le menu" }))
    const nav = screen.getByRole("navigation", { name: "Navigation principale" })
    const hrefs = within(nav)
      .getAllByRole("link", { hidden: true })
      .map((link) => link.getAttribute("href"))
    expect(hrefs).toEqual(["/#expertise", "/#marques", "/#galerie", "/#rachat", "/#actualites", "/#boutiques"])
    expect(screen.getByRole("link", { name: "Aller au contenu principal" })).toHaveAttribute("href", "#contenu")
  })

  it("ends with the footer and its two shop links", () => {
    renderNotFound()
    const footer = screen.getByRole("contentinfo")
    expect(within(footer).getByText(/© 2025/)).toBeInTheDocument()
    const shopLinks = within(footer).getAllByRole("link", { name: /maxAi (Officiel|Premium)/ })
    expect(shopLinks.map((link) => link.getAttribute("href"))).toEqual(readContent<{ items: RawEntry[] }>("shops").items.map((shop) => shop.url))
  })

  it("keeps the maxAi chat at hand, as on every page", () => {
    // The inline head script marks a scripted page with `js`; the launcher only shows then.
    document.documentElement.classList.add("js")
    renderNotFound()
    expect(screen.getByRole("button", { name: "Chat avec maxAi" })).toHaveAttribute("aria-haspopup", "dialog")
  })
})
