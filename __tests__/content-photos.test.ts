/**
 * @jest-environment node
 */
// Node environment: sharp (photo checks) needs Node's own Buffer and typed arrays.
import fs from "node:fs"
import path from "node:path"
import sharp from "sharp"
import { validateContent } from "../build-steps/content/validate"
import { CONTENT, copyOfContent, edit, problemsAfter, type Entries, type List } from "./helpers/content-copy"

describe("content validation: photos are checked by what they contain", () => {
  const itemPhoto = "images/items/01-lacoste-polo-blanc.jpg"
  const replacePhoto = (dir: string, bytes: Uint8Array | string) => fs.writeFileSync(path.join(dir, itemPhoto), bytes)
  const pointTo = (dir: string, image: string) => edit<List>(dir, "sold-items.json", (list) => void (list.items[0]!.image = image))

  it("reports an image path that points to no file", async () => {
    const problems = await problemsAfter((dir) => pointTo(dir, "images/items/absente.jpg"))
    expect(problems).toEqual([
      "content/sold-items.json › items[0].image : image introuvable : content/images/items/absente.jpg (ajoutez le fichier ou corrigez le chemin)",
    ])
  })

  it("refuses an image path that leaves the content folder", async () => {
    const problems = await problemsAfter((dir) => edit<List>(dir, "shops.json", (list) => void (list.items[0]!.avatar = "../package.json")))
    expect(problems[0]).toMatch(/^content\/shops\.json › items\[0\]\.avatar : image introuvable/)
  })

  it("refuses an iPhone HEIC photo, even renamed .jpg, with how to convert it", async () => {
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypheic\0\0\0\0mif1heic", "latin1"), Buffer.alloc(200)])
    const problems = await problemsAfter((dir) => replacePhoto(dir, heic))
    expect(problems).toEqual([
      `content/sold-items.json › items[0].image : content/${itemPhoto} : photo HEIC (format des iPhone) que les navigateurs n'affichent pas : convertissez-la en JPEG (sur Mac : Aperçu › Fichier › Exporter › JPEG ; sur l'iPhone : Réglages › Appareil photo › Formats › « Le plus compatible »)`,
    ])
  })

  it("refuses a GIF", async () => {
    const problems = await problemsAfter(async (dir) => {
      fs.writeFileSync(
        path.join(dir, "images/items/anim.gif"),
        await sharp({ create: { width: 800, height: 1000, channels: 3, background: "#c00" } })
          .gif()
          .toBuffer(),
      )
      pointTo(dir, "images/items/anim.gif")
    })
    expect(problems).toEqual([
      "content/sold-items.json › items[0].image : content/images/items/anim.gif est un GIF : le site n'affiche que des photos JPEG, PNG, WebP ou AVIF ; exportez-la en JPEG",
    ])
  })

  it("refuses a text file renamed .jpg", async () => {
    const problems = await problemsAfter((dir) => replacePhoto(dir, "ceci n'est pas une photo"))
    expect(problems).toEqual([
      `content/sold-items.json › items[0].image : content/${itemPhoto} n'est pas une image (ni JPEG, ni PNG, ni WebP, ni AVIF) : le fichier est vide, abîmé ou a été renommé`,
    ])
  })

  it("refuses a PNG whose name says .jpg", async () => {
    const png = await sharp({ create: { width: 800, height: 1000, channels: 3, background: "#fff" } })
      .png()
      .toBuffer()
    const problems = await problemsAfter((dir) => replacePhoto(dir, png))
    expect(problems).toEqual([
      `content/sold-items.json › items[0].image : content/${itemPhoto} contient une image PNG mais son nom finit par « .jpg » : renommez-la en .png (et corrigez le chemin)`,
    ])
  })

  it("refuses a truncated JPEG before sharp's build does", async () => {
    const whole = fs.readFileSync(path.join(CONTENT, itemPhoto))
    const problems = await problemsAfter((dir) => replacePhoto(dir, whole.subarray(0, Math.floor(whole.length * 0.6))))
    expect(problems).toEqual([
      `content/sold-items.json › items[0].image : content/${itemPhoto} est illisible ou incomplète (copie interrompue ?) : réenregistrez la photo et déposez-la de nouveau`,
    ])
  })

  it("refuses a photo heavier than 10 MB", async () => {
    const whole = fs.readFileSync(path.join(CONTENT, itemPhoto))
    const problems = await problemsAfter((dir) => replacePhoto(dir, Buffer.concat([whole, Buffer.alloc(40 * 1024 * 1024)])))
    expect(problems).toEqual([
      `content/sold-items.json › items[0].image : content/${itemPhoto} est trop lourde : 40,0 Mo (maximum 10,0 Mo) ; réduisez-la, par exemple en l'exportant en JPEG de 2000 px de large`,
    ])
  })

  it("refuses a photo smaller than the minimum, saying both sizes", async () => {
    const small = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#fff" } })
      .jpeg()
      .toBuffer()
    const problems = await problemsAfter((dir) => replacePhoto(dir, small))
    expect(problems).toEqual([`content/sold-items.json › items[0].image : content/${itemPhoto} est trop petite : 300 × 200 px (au moins 600 × 750 px)`])
  })

  it("accepts a WebP and an AVIF photo of the right size", async () => {
    const source = sharp({ create: { width: 800, height: 1000, channels: 3, background: "#eee" } })
    const webp = await source.clone().webp().toBuffer()
    const avif = await source.clone().avif().toBuffer()
    const problems = await problemsAfter((dir) => {
      fs.writeFileSync(path.join(dir, "images/items/a.webp"), webp)
      fs.writeFileSync(path.join(dir, "images/items/b.avif"), avif)
      edit<List>(dir, "sold-items.json", (list) => {
        list.items[0]!.image = "images/items/a.webp"
        list.items[1]!.image = "images/items/b.avif"
      })
    })
    expect(problems).toEqual([])
  })

  it("names a chat synonym whose brand or category does not exist", async () => {
    const dir = copyOfContent()
    type Chat = { vocabulary: { brands: Entries; categories: Entries } }
    edit<Chat>(dir, "chat.json", (chat) => {
      chat.vocabulary.brands[0]!.brand = "Lacost"
      chat.vocabulary.categories[1]!.category = "Chemises"
    })
    expect(await validateContent(dir)).toEqual([
      'content/chat.json › vocabulary.brands[0].brand : marque "Lacost" absente de content/brands.json (écrivez le nom exactement comme dans ce fichier)',
      'content/chat.json › vocabulary.categories[1].category : catégorie "Chemises" absente de content/categories.json (écrivez le nom exactement comme dans ce fichier)',
    ])
  })

  it("refuses a chat link to anything but the three sections", async () => {
    const dir = copyOfContent()
    edit<{ intents: Array<{ links?: Entries }> }>(dir, "chat.json", (chat) => {
      chat.intents[1]!.links = [{ label: "Ailleurs", href: "https://exemple.fr" }]
    })
    expect(await validateContent(dir)).toEqual([
      'content/chat.json › intents[1].links[0].href : doit être l\'une des valeurs : "#galerie", "#rachat", "#boutiques" (reçu "https://exemple.fr")',
    ])
  })
})
