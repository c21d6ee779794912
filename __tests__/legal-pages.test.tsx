import React from "react"
import { render, screen, within } from "@testing-library/react"
import type { PageProps } from "gatsby"
import ConfidentialitePage from "../src/pages/confidentialite"
import MentionsLegalesPage from "../src/pages/mentions-legales"
import { wrapRootElement } from "../src/wrap-root"
import { readContent } from "./helpers/content"

// The page modules carry a page query; the project's Gatsby mock makes `graphql` inert.
jest.mock("gatsby", () => jest.requireActual("../__mocks__/gatsby"))

type RawEntry = { id: string; name: string; url?: string }
type Legal = {
  mentionsTitle: string
  privacyTitle: string
  publisher: Record<string, string>
  host: Record<string, string>
  privacy: Array<{ title: string; paragraphs: string[] }>
}
const withJsonId = ({ id, ...rest }: RawEntry) => ({ ...rest, jsonId: id })

/** The page's data as its query returns it, from the real content files (`legal` overridable). */
function pageData(legal: Legal = readContent<Legal>("legal")) {
  return {
    legal,
    site: readContent("site"),
    brands: { nodes: readContent<{ items: RawEntry[] }>("brands").items.map(withJsonId) },
    shops: { nodes: readContent<{ items: RawEntry[] }>("shops").items.map(withJsonId) },
    chat: readContent("chat"),
  }
}

function renderPage(Page: React.ComponentType<PageProps<never>>, data: ReturnType<typeof pageData>) {
  const props = { data, location: { pathname: "/" } } as unknown as PageProps<never>
  return render(wrapRootElement({ element: <Page {...props} /> }))
}

const factValue = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling?.textContent

describe("the legal pages, from content/legal.json", () => {
  it("/mentions-legales/ names the publisher and the host, and links to the privacy policy", () => {
    const legal = readContent<Legal>("legal")
    renderPage(MentionsLegalesPage, pageData())
    expect(screen.getByRole("heading", { level: 1, name: legal.mentionsTitle })).toBeInTheDocument()
    expect(screen.getByRole("heading", { level: 2, name: "Éditeur du site" })).toBeInTheDocument()
    expect(factValue("Immatriculation")).toBe(legal.publisher.registration)
    expect(factValue("Directeur ou directrice de la publication")).toBe(legal.publisher.director)
    expect(factValue("Hébergeur")).toBe(legal.host.name)
    expect(factValue("Téléphone")).toBe(legal.host.phone)
    expect(factValue("Téléphone de contact")).toBe(legal.publisher.phone)
    expect(within(screen.getByRole("main")).getByRole("link", { name: "politique de confidentialité" })).toHaveAttribute("href", "/confidentialite/")
  })

  it("leaves out an empty VAT number and makes a real contact address a mail link", () => {
    const legal = readContent<Legal>("legal")
    renderPage(MentionsLegalesPage, pageData({ ...legal, publisher: { ...legal.publisher, vat: "", email: "contact@boutique.fr" } }))
    expect(screen.queryByText("TVA intracommunautaire")).toBeNull()
    expect(screen.getByRole("link", { name: "contact@boutique.fr" })).toHaveAttribute("href", "mailto:contact@boutique.fr")
  })

  it("/confidentialite/ gives the controller, then every part of the policy", () => {
    const legal = readContent<Legal>("legal")
    renderPage(ConfidentialitePage, pageData())
    expect(screen.getByRole("heading", { level: 1, name: legal.privacyTitle })).toBeInTheDocument()
    const headings = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)
    expect(headings.slice(0, 1 + legal.privacy.length)).toEqual(["Responsable du traitement", ...legal.privacy.map((part) => part.title)])
    expect(factValue("Siège")).toBe(legal.publisher.address)
    // What the issue asks the policy to say, in the shipped text.
    expect(screen.getByText(/3 ans après notre dernier échange/)).toBeInTheDocument()
    expect(screen.getByText(/accès, de rectification, d'effacement, d'opposition, de limitation du traitement et de portabilité/)).toBeInTheDocument()
    expect(screen.getByText(/réclamation à la CNIL/)).toBeInTheDocument()
    // Issue #40: the chat's unanswered questions, kept without personal data for 12 months.
    expect(screen.getByText(/questions posées au chat sans réponse sont conservées 12\smois sans donnée personnelle/)).toBeInTheDocument()
    expect(screen.getByText(/ne dépose aucun cookie et n'appelle aucun service tiers/)).toBeInTheDocument()
  })

  it("keep the site's footer, which links to both legal pages", () => {
    renderPage(ConfidentialitePage, pageData())
    const nav = within(screen.getByRole("contentinfo")).getByRole("navigation", { name: "Informations légales" })
    expect(within(nav).getByRole("link", { name: "Mentions légales" })).toHaveAttribute("href", "/mentions-legales/")
    expect(within(nav).getByRole("link", { name: "Confidentialité" })).toHaveAttribute("href", "/confidentialite/")
  })
})
