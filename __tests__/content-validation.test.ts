import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { validateContent } from "../src/content/validate"

const CONTENT = path.resolve(__dirname, "..", "content")

/** A throw-away copy of the real content/ folder that a test may break. */
function copyOfContent(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "maxai-content-"))
  fs.cpSync(CONTENT, path.join(dir, "content"), { recursive: true })
  return path.join(dir, "content")
}

type Entry = Record<string, unknown>
type Entries = Entry[]

function edit<T>(dir: string, file: string, change: (data: T) => void): void {
  const full = path.join(dir, file)
  const data = JSON.parse(fs.readFileSync(full, "utf8")) as T
  change(data)
  fs.writeFileSync(full, JSON.stringify(data, null, 2))
}

describe("content validation", () => {
  it("accepts the content shipped in the repo", () => {
    expect(validateContent(CONTENT)).toEqual([])
  })

  it("names file, position and field when a price is typed as text", () => {
    const dir = copyOfContent()
    edit<Entries>(dir, "sold-items.json", (items) => {
      items[3]!.price = "45,00 €"
    })
    expect(validateContent(dir)).toEqual([`content/sold-items.json › [3].price : doit être un nombre (reçu "45,00 €")`])
  })

  it("reports a missing required field", () => {
    const dir = copyOfContent()
    edit<Entries>(dir, "shops.json", (shops) => {
      delete shops[1]!.url
    })
    expect(validateContent(dir)).toEqual(["content/shops.json › [1].url : champ obligatoire manquant"])
  })

  it("reports an unknown key, so a typo never goes unnoticed", () => {
    const dir = copyOfContent()
    edit<{ hero: Entry }>(dir, "site.json", (site) => {
      site.hero.titel = "Coquille"
    })
    expect(validateContent(dir)).toEqual([
      "content/site.json › hero.titel : clé inconnue (vérifiez l'orthographe ou supprimez-la)",
    ])
  })

  it("reports an image path that points to no file", () => {
    const dir = copyOfContent()
    edit<Entries>(dir, "sold-items.json", (items) => {
      items[0]!.image = "images/items/absente.jpg"
    })
    expect(validateContent(dir)).toEqual([
      "content/sold-items.json › [0].image : image introuvable : content/images/items/absente.jpg (ajoutez le fichier ou corrigez le chemin)",
    ])
  })

  it("refuses an image path that leaves the content folder", () => {
    const dir = copyOfContent()
    edit<Entries>(dir, "shops.json", (shops) => {
      shops[0]!.avatar = "../package.json"
    })
    expect(validateContent(dir)[0]).toMatch(/^content\/shops\.json › \[0\]\.avatar : image introuvable/)
  })

  it("reports a duplicate id with the entry it collides with", () => {
    const dir = copyOfContent()
    edit<Entries>(dir, "sold-items.json", (items) => {
      items[5]!.id = 2
    })
    expect(validateContent(dir)).toEqual(['content/sold-items.json › [5].id : identifiant 2 déjà utilisé par [1]'])
  })

  it("reports malformed JSON in plain words", () => {
    const dir = copyOfContent()
    fs.writeFileSync(path.join(dir, "news.json"), '[{ "id": "a", }')
    const [problem] = validateContent(dir)
    expect(problem).toMatch(/^content\/news\.json : JSON mal formé \(.+\)\. Vérifiez les virgules, guillemets et accolades\.$/)
  })

  it("reports a sold item whose category is not in categories.json", () => {
    const dir = copyOfContent()
    edit<Entries>(dir, "sold-items.json", (items) => {
      items[2]!.category = "Chaussures"
    })
    expect(validateContent(dir)).toEqual([
      'content/sold-items.json › [2].category : catégorie "Chaussures" absente de content/categories.json (ajoutez-la ou corrigez l\'orthographe)',
    ])
  })

  it("lists every problem at once, one line each", () => {
    const dir = copyOfContent()
    edit<Entries>(dir, "news.json", (news) => {
      news[0]!.relevance = 140
      news[1]!.title = ""
    })
    expect(validateContent(dir)).toEqual([
      "content/news.json › [0].relevance : doit être inférieur ou égal à 100 (reçu 140)",
      "content/news.json › [1].title : ne doit pas être vide",
    ])
  })

  it("requires the text of a text claim", () => {
    const dir = copyOfContent()
    edit<{ claims: Entries }>(dir, "site.json", (site) => {
      delete site.claims[2]!.text
    })
    expect(validateContent(dir)).toEqual(["content/site.json › claims[2].text : champ obligatoire manquant"])
  })

  it("names a chat synonym whose brand or category does not exist", () => {
    const dir = copyOfContent()
    type Chat = { vocabulary: { brands: Entries; categories: Entries } }
    edit<Chat>(dir, "chat.json", (chat) => {
      chat.vocabulary.brands[0]!.brand = "Lacost"
      chat.vocabulary.categories[1]!.category = "Chemises"
    })
    expect(validateContent(dir)).toEqual([
      'content/chat.json › vocabulary.brands[0].brand : marque "Lacost" absente de content/brands.json (écrivez le nom exactement comme dans ce fichier)',
      'content/chat.json › vocabulary.categories[1].category : catégorie "Chemises" absente de content/categories.json (écrivez le nom exactement comme dans ce fichier)',
    ])
  })

  it("refuses a chat link to anything but the three sections", () => {
    const dir = copyOfContent()
    edit<{ intents: Array<{ links?: Entries }> }>(dir, "chat.json", (chat) => {
      chat.intents[1]!.links = [{ label: "Ailleurs", href: "https://exemple.fr" }]
    })
    expect(validateContent(dir)).toEqual([
      'content/chat.json › intents[1].links[0].href : doit être l\'une des valeurs : "#galerie", "#rachat", "#boutiques" (reçu "https://exemple.fr")',
    ])
  })
})
