/** @jest-environment node */
import { copy } from "../src/copy"
import { frenchTypography, withFrenchTypography } from "../src/lib/typography"

const NBSP = "\u00a0"
const NARROW = "\u202f"

describe("French typography of content strings", () => {
  it.each([
    ["Prêt à trouver votre prochaine pièce de marque ?", `Prêt à trouver votre prochaine pièce de marque${NARROW}?`],
    ["Vendu ! Merci ; à bientôt", `Vendu${NARROW}! Merci${NARROW}; à bientôt`],
    ["Paiement : sous 48 h", `Paiement${NBSP}: sous 48 h`],
    ["le label « authentifié par IA »", `le label «${NBSP}authentifié par IA${NBSP}»`],
    ["le label «authentifié»", `le label «${NBSP}authentifié${NBSP}»`],
    ["99,8 % de précision", `99,8${NBSP}% de précision`],
    ["99,8% de précision", `99,8${NBSP}% de précision`],
    ["à partir de 45 €", `à partir de 45${NBSP}€`],
  ])("%s", (text, expected) => {
    expect(frenchTypography(text)).toBe(expected)
  })

  it("leaves addresses and times alone: it only replaces a space the editor typed", () => {
    const text = "Voir https://www.vinted.fr/member/42?lang=fr à 10:30!"
    expect(frenchTypography(text)).toBe(text)
  })

  it("changes nothing the second time", () => {
    const once = frenchTypography("Combien pour « mon polo » ? 30 € : 15 %")
    expect(frenchTypography(once)).toBe(once)
  })

  it("applies to every string of a tree, and to what its functions return", () => {
    const texts = withFrenchTypography({ title: "Envoyé !", list: ["Prix : 30 €"], count: (n: number) => `${n} photos : ok ?`, limit: 4 })
    expect(texts).toEqual({ title: `Envoyé${NARROW}!`, list: [`Prix${NBSP}: 30${NBSP}€`], count: expect.any(Function), limit: 4 })
    expect(texts.count(3)).toBe(`3 photos${NBSP}: ok${NARROW}?`)
  })

  it("is applied to the interface's own words (src/copy.ts)", () => {
    expect(copy.estimate.success.title).toBe(`Demande envoyée avec succès${NARROW}!`)
    expect(copy.estimate.requestNumber("20261123-2130-K7Q2MX")).toBe(`Numéro de demande${NBSP}: 20261123-2130-K7Q2MX`)
    expect(copy.estimate.failed.retryAlt).toContain(`«${NBSP}Demander une estimation${NBSP}»`)
  })
})
