import React from "react"
import { fireEvent, render, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { Gallery } from "../src/sections/Gallery"
// After the component: jsdom ignores selector specificity and lets the last stylesheet win.
import "../src/styles/global.css"
import { categories, sectionHeading, soldItems } from "./helpers/content"

const items = soldItems()
const categoryNames = categories()
const countIn = (category: string) => (category === "Tous" ? items.length : items.filter((item) => item.category === category).length)

// Rendering dozens of cards and querying them by role is slow in jsdom on a busy machine.
jest.setTimeout(20_000)

beforeEach(() => {
  // Cards past the visible count are hidden by a global style keyed on html.js, as in a browser.
  document.documentElement.className = "js"
})

function renderGallery() {
  render(<Gallery heading={sectionHeading("sold-items")} items={items} categories={categoryNames} />)
  const section = screen.getByRole("region", { name: "Articles Vendus Authentifiés" })
  return {
    section,
    /** Cards a visitor can see (the others are display: none). */
    cards: () => within(section).getAllByRole("listitem"),
    chip: (name: string) =>
      within(within(section).getByRole("group", { name: "Filtrer par catégorie" })).getByRole("button", { name: new RegExp(`^${name} \\(`) }),
    moreButton: () => within(section).queryByRole("button", { name: /^Voir plus d'articles/ }),
  }
}

describe("sold-items gallery", () => {
  it("shows the summary stats computed from the items", () => {
    const { section } = renderGallery()
    const stats = within(section).getByLabelText("Chiffres de la galerie")
    const value = (label: string) => within(stats).getByText(label).nextElementSibling?.textContent
    const views = items.reduce((sum, item) => sum + item.views, 0)
    const average = items.reduce((sum, item) => sum + item.price, 0) / items.length
    expect(value("articles vendus")).toBe("15")
    expect(value("vues au total")).toBe(`+${new Intl.NumberFormat("fr-FR").format(views)}`)
    expect(value("prix moyen")).toBe(new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" }).format(average))
    expect(value("prix moyen")).toMatch(/^\d+,\d{2}\s€$/)
    expect(value("marque phare")).toBe("Lacoste")
  })

  it("has a chip per category with its item count, 'Tous' first and selected", () => {
    const { section } = renderGallery()
    const chips = within(within(section).getByRole("group", { name: "Filtrer par catégorie" })).getAllByRole("button")
    const names = [
      "Tous (15 articles)",
      "Polo (4 articles)",
      "Chemise (3 articles)",
      "Pull (3 articles)",
      "Maroquinerie (2 articles)",
      "Accessoires (3 articles)",
    ]
    expect(chips).toHaveLength(names.length)
    chips.forEach((chip, index) => expect(chip).toHaveAccessibleName(names[index]))
    expect(chips[0]).toHaveAttribute("aria-pressed", "true")
    expect(chips.slice(1).every((chip) => chip.getAttribute("aria-pressed") === "false")).toBe(true)
  })

  it("marks every card VENDU", async () => {
    const gallery = renderGallery()
    await userEvent.click(gallery.moreButton() as HTMLElement)
    expect(gallery.cards()).toHaveLength(15)
    for (const card of gallery.cards()) expect(within(card).getByText("VENDU")).toBeInTheDocument()
  })

  it.each(["Tous", ...categoryNames])("shows 8 then 8 more of '%s' until all are shown, then the button goes", async (category) => {
    const user = userEvent.setup()
    const gallery = renderGallery()
    await user.click(gallery.chip(category))
    expect(gallery.chip(category)).toHaveAttribute("aria-pressed", "true")

    const total = countIn(category)
    let visible = Math.min(8, total)
    expect(gallery.cards()).toHaveLength(visible)
    if (category !== "Tous")
      expect(gallery.cards().every((card) => items.some((item) => item.category === category && card.textContent?.includes(item.title)))).toBe(true)

    while (visible < total) {
      const more = gallery.moreButton()
      expect(more).toHaveTextContent(`Voir plus d'articles (${total - visible} restants)`)
      await user.click(more as HTMLElement)
      const firstNew = visible
      visible = Math.min(visible + 8, total)
      expect(gallery.cards()).toHaveLength(visible)
      expect(gallery.cards()[firstNew]).toHaveFocus()
    }
    expect(gallery.moreButton()).not.toBeInTheDocument()
    expect(within(gallery.section).getByText(`${total} articles affichés sur ${total}`)).toBeInTheDocument()
  })

  it("adds 8 per click over several clicks, capped at the category size (a catalogue of 45)", async () => {
    const user = userEvent.setup()
    const catalogue = [0, 1, 2].flatMap((copy) => items.map((item) => ({ ...item, jsonId: item.jsonId + copy * 100, title: `${item.title} #${copy + 1}` })))
    render(<Gallery heading={sectionHeading("sold-items")} items={catalogue} categories={categoryNames} />)
    const seen: Array<[string | null, string | null]> = []
    for (;;) {
      const more = screen.queryByRole("button", { name: /^Voir plus d'articles/ })
      seen.push([screen.getByText(/articles affichés sur/).textContent, more?.textContent ?? null])
      if (!more) break
      await user.click(more)
    }
    expect(seen).toEqual([
      ["8 articles affichés sur 45", "Voir plus d'articles (37 restants)"],
      ["16 articles affichés sur 45", "Voir plus d'articles (29 restants)"],
      ["24 articles affichés sur 45", "Voir plus d'articles (21 restants)"],
      ["32 articles affichés sur 45", "Voir plus d'articles (13 restants)"],
      ["40 articles affichés sur 45", "Voir plus d'articles (5 restants)"],
      ["45 articles affichés sur 45", null],
    ])
    expect(screen.getAllByRole("listitem")).toHaveLength(45)
  })

  it("goes back to 8 visible when a category is chosen", async () => {
    const user = userEvent.setup()
    const gallery = renderGallery()
    await user.click(gallery.moreButton() as HTMLElement)
    expect(gallery.cards()).toHaveLength(15)
    await user.click(gallery.chip("Polo"))
    expect(gallery.cards()).toHaveLength(4)
    await user.click(gallery.chip("Tous"))
    expect(gallery.cards()).toHaveLength(8)
    expect(gallery.moreButton()).toHaveTextContent("Voir plus d'articles (7 restants)")
  })

  it("works from the keyboard: a chip with Enter, 'voir plus' with Space", async () => {
    const user = userEvent.setup()
    const gallery = renderGallery()
    gallery.chip("Chemise").focus()
    await user.keyboard("{Enter}")
    expect(gallery.cards()).toHaveLength(3)
    gallery.chip("Tous").focus()
    await user.keyboard("{Enter}")
    gallery.moreButton()?.focus()
    await user.keyboard(" ")
    expect(gallery.cards()).toHaveLength(15)
    expect(gallery.cards()[8]).toHaveFocus()
  })

  it("replaces a photo that fails to load by the brand's initial and the category", () => {
    const gallery = renderGallery()
    const card = gallery.cards()[0] as HTMLElement
    const photo = within(card).getByRole("img", { name: "Lacoste – Polo L.12.12 blanc classique" })
    fireEvent.error(photo)
    expect(within(card).queryByRole("img")).not.toBeInTheDocument()
    expect(within(card).getByText("L")).toBeInTheDocument()
    expect(within(card).getByText("Polo")).toBeInTheDocument()
    expect(within(card).getByText("VENDU")).toBeInTheDocument()
    // The other cards keep their photos.
    expect(within(gallery.cards()[1] as HTMLElement).getByRole("img")).toBeInTheDocument()
  })

  it("shows the size and condition the content gives, and links the card to its listing only when there is one", () => {
    const [first, second] = items as [(typeof items)[number], (typeof items)[number]]
    const withListing = { ...first, size: "M", condition: "Très bon état", url: "https://www.vinted.fr/items/123-polo" }
    const bare = { ...second, size: null, condition: null, url: null }
    render(<Gallery heading={sectionHeading("sold-items")} items={[withListing, bare]} categories={categoryNames} />)
    const [linked, plain] = screen.getAllByRole("listitem") as [HTMLElement, HTMLElement]
    expect(within(linked).getByText("Taille M · Très bon état")).toBeInTheDocument()
    const link = within(linked).getByRole("link", { name: `${first.title} (nouvel onglet)` })
    expect(link).toHaveAttribute("href", "https://www.vinted.fr/items/123-polo")
    expect(link).toHaveAttribute("target", "_blank")
    expect(link).toHaveAttribute("rel", "noopener noreferrer")
    expect(within(plain).queryByRole("link")).not.toBeInTheDocument()
    expect(within(plain).queryByText(/Taille|état/)).not.toBeInTheDocument()
    expect(within(plain).getByRole("heading", { name: second.title })).toBeInTheDocument()
  })
})
