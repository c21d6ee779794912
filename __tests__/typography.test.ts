import { frenchTypography } from "../gatsby/typography"

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
})
