/**
 * @jest-environment node
 */
// Node environment: sharp (photo checks) needs Node's own Buffer and typed arrays.
import fs from "node:fs"
import path from "node:path"
import { validateContent } from "../build-steps/content/validate"
import { CONTENT, edit, problemsAfter, typo, type Entry, type List } from "./helpers/content-copy"

describe("content validation: schema rules", () => {
  it("accepts the content shipped in the repo", async () => {
    expect(await validateContent(CONTENT)).toEqual([])
  })

  it("names file, position and field when a price is typed as text", async () => {
    const problems = await problemsAfter((dir) => edit<List>(dir, "sold-items.json", (list) => void (list.items[3]!.price = "45,00 €")))
    expect(problems).toEqual([`content/sold-items.json › items[3].price : doit être un nombre (reçu "45,00 €")`])
  })

  it("refuses a price typed in cents, saying the rule", async () => {
    const problems = await problemsAfter((dir) => edit<List>(dir, "sold-items.json", (list) => void (list.items[0]!.price = 4500)))
    expect(problems).toEqual([
      "content/sold-items.json › items[0].price : doit être inférieur ou égal à 2000 (reçu 4500) — Prix de vente en euros, avec un point : 45.5 pour 45,50 € (pas en centimes).",
    ])
  })

  it("reports a missing required field", async () => {
    const problems = await problemsAfter((dir) => edit<List>(dir, "shops.json", (list) => void delete list.items[1]!.url))
    expect(problems).toEqual(["content/shops.json › items[1].url : champ obligatoire manquant"])
  })

  it("reports an unknown key, so a typo never goes unnoticed", async () => {
    const problems = await problemsAfter((dir) => edit<{ hero: Entry }>(dir, "site.json", (site) => void (site.hero.titel = "Coquille")))
    expect(problems).toEqual(["content/site.json › hero.titel : clé inconnue (vérifiez l'orthographe ou supprimez-la)"])
  })

  it("says an empty text is empty, and a too-short one how long it must be", async () => {
    const problems = await problemsAfter((dir) =>
      edit<{ seo: Entry; hero: Entry }>(dir, "site.json", (site) => {
        site.hero.title = ""
        site.seo.description = "Trop court."
      }),
    )
    expect(problems).toEqual([
      "content/site.json › seo.description : doit faire au moins 50 caractères (reçu 11)",
      "content/site.json › hero.title : ne doit pas être vide",
    ])
  })

  it("refuses a text made only of spaces", async () => {
    const problems = await problemsAfter((dir) => edit<List>(dir, "news.json", (list) => void (list.items[1]!.title = "   \u00a0")))
    expect(problems).toEqual(["content/news.json › items[1].title : ne contient que des espaces (écrivez un texte ou videz le champ)"])
  })

  it("explains a pattern with the field's own description", async () => {
    const problems = await problemsAfter((dir) => edit<List>(dir, "brands.json", (list) => void (list.items[0]!.id = "Lacoste Polo")))
    expect(problems).toEqual([
      'content/brands.json › items[0].id : format incorrect (reçu "Lacoste Polo") — Identifiant : lettres minuscules sans accent, chiffres et tirets, par exemple lacoste-polo.',
    ])
  })

  it("refuses an https:// address with no host", async () => {
    const problems = await problemsAfter((dir) => edit<List>(dir, "shops.json", (list) => void (list.items[0]!.url = "https://")))
    expect(problems).toEqual([
      'content/shops.json › items[0].url : format incorrect (reçu "https://") — Adresse complète du profil, commençant par https://, par exemple https://www.vinted.fr/member/123.',
    ])
  })

  it("reports a range error with the limit and the value", async () => {
    const problems = await problemsAfter((dir) => edit<List>(dir, "news.json", (list) => void (list.items[0]!.relevance = 140)))
    expect(problems).toEqual(["content/news.json › items[0].relevance : doit être inférieur ou égal à 100 (reçu 140)"])
  })

  it("reports a duplicate id with the entry it collides with", async () => {
    const problems = await problemsAfter((dir) => edit<List>(dir, "sold-items.json", (list) => void (list.items[5]!.id = 2)))
    expect(problems).toEqual(["content/sold-items.json › items[5].id : identifiant 2 déjà utilisé par items[1]"])
  })

  it("requires the text of a text claim", async () => {
    const problems = await problemsAfter((dir) => edit<{ claims: Entry[] }>(dir, "site.json", (site) => void delete site.claims[2]!.text))
    expect(problems).toEqual(["content/site.json › claims[2].text : champ obligatoire manquant"])
  })
})

describe("content validation: categories", () => {
  it("reports a sold item whose category is not in categories.json", async () => {
    const problems = await problemsAfter((dir) => edit<List>(dir, "sold-items.json", (list) => void (list.items[2]!.category = "Chaussures")))
    expect(problems).toEqual([
      'content/sold-items.json › items[2].category : catégorie "Chaussures" absente de content/categories.json (ajoutez-la ou corrigez l\'orthographe)',
    ])
  })

  it("reports a buy-back grid line whose brand or category does not exist", async () => {
    const problems = await problemsAfter((dir) =>
      edit<{ grid: { prices: Array<{ brand: string; category: string }> } }>(dir, "buyback.json", (buyback) => {
        buyback.grid.prices[0]!.brand = "Lacost"
        buyback.grid.prices[1]!.category = "Robe"
      }),
    )
    expect(problems).toEqual([
      'content/buyback.json › grid.prices[0].brand : marque "Lacost" absente de content/brands.json',
      'content/buyback.json › grid.prices[1].category : catégorie "Robe" absente de content/categories.json',
    ])
  })

  it("refuses a category listed twice, even with other capitals", async () => {
    const problems = await problemsAfter((dir) => edit<List>(dir, "categories.json", (list) => void list.items.push({ name: "polo " })))
    expect(problems).toEqual(["content/categories.json › items[5].name : catégorie « polo  » déjà présente en items[0]"])
  })

  it("refuses the reserved name Tous", async () => {
    const problems = await problemsAfter((dir) => edit<List>(dir, "categories.json", (list) => void list.items.push({ name: "tous" })))
    expect(problems).toEqual(["content/categories.json › items[5].name : « Tous » est réservé : la galerie l'ajoute d'elle-même en premier"])
  })
})

describe("content validation: JSON syntax, in French with line, column and caret", () => {
  it("points at a trailing comma", async () => {
    const problems = await problemsAfter((dir) => typo(dir, "categories.json", '{ "name": "Accessoires" }', '{ "name": "Accessoires" },'))
    expect(problems).toEqual([
      [
        "content/categories.json, ligne 7, colonne 30 : virgule en trop après le dernier élément (supprimez-la)",
        '    7 |     { "name": "Accessoires" },',
        `      | ${" ".repeat(29)}^`,
      ].join("\n"),
    ])
  })

  it("points at a missing comma", async () => {
    const problems = await problemsAfter((dir) => typo(dir, "categories.json", '{ "name": "Polo" },', '{ "name": "Polo" }'))
    expect(problems[0]).toBe(
      [
        "content/categories.json, ligne 4, colonne 5 : virgule manquante entre cet élément et le précédent (ajoutez « , » à la fin de la ligne d'avant)",
        '    4 |     { "name": "Chemise" },',
        "      |     ^",
      ].join("\n"),
    )
  })

  it("names smart quotes pasted from a word processor", async () => {
    const problems = await problemsAfter((dir) => typo(dir, "categories.json", '"Pull"', "“Pull”"))
    expect(problems[0]).toMatch(
      /^content\/categories\.json, ligne 5, colonne 15 : guillemet typographique “ : les textes et les noms de champs s'écrivent entre guillemets droits "…"\n/,
    )
  })

  it("names Enter pressed inside a text", async () => {
    const problems = await problemsAfter((dir) => typo(dir, "categories.json", '"Maroquinerie"', '"Maro\nquinerie"'))
    expect(problems[0]!.split("\n")[0]).toBe(
      "content/categories.json, ligne 6, colonne 15 : texte non fermé : un guillemet droit manque, ou un retour à la ligne (Entrée) coupe le texte (écrivez-le sur une seule ligne)",
    )
  })

  it("names a no-break space pasted from Word", async () => {
    const problems = await problemsAfter((dir) => typo(dir, "categories.json", '{ "name": "Pull" }', '{\u00a0"name": "Pull" }'))
    expect(problems[0]!.split("\n")[0]).toBe(
      "content/categories.json, ligne 5, colonne 6 : espace insécable (souvent copiée depuis Word) : remplacez-la par une espace normale",
    )
  })

  it("names a file saved with a BOM", async () => {
    const problems = await problemsAfter((dir) => {
      const file = path.join(dir, "brands.json")
      fs.writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), fs.readFileSync(file)]))
    })
    expect(problems).toEqual([
      "content/brands.json : le fichier commence par une marque invisible (BOM) ; réenregistrez-le en « UTF-8 sans BOM » (dans le Bloc-notes : Enregistrer sous › Codage : UTF-8)",
    ])
  })

  it("names a file saved as Windows-1252 instead of UTF-8", async () => {
    const problems = await problemsAfter((dir) => {
      const file = path.join(dir, "categories.json")
      fs.writeFileSync(file, Buffer.from(fs.readFileSync(file, "utf8").replace("Pull", "Vêtements"), "latin1"))
    })
    expect(problems).toEqual([
      [
        "content/categories.json, ligne 5, colonne 17 : le fichier n'est pas enregistré en UTF-8 (octet 0xEA, sans doute « ê » écrit en Windows-1252) ; réenregistrez-le en « UTF-8 »",
        '    5 |     { "name": "Vêtements" },',
        "      |                 ^",
      ].join("\n"),
    ])
  })
})
