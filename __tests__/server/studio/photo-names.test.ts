/**
 * @jest-environment node
 *
 * Photos named after their item (src/server/studio/photo-names.ts), through Decap's proxy
 * protocol on the production server, over real sockets, on a COPY of content/: a new item saved
 * with a photo under the phone's name is stored under the item's name, the reference rewritten
 * in the same save; Decap's later saves, which send the photo again under its old name, make no
 * second copy; a second item of the same name gets its own file. Any other new photo is saved
 * under a safe name (newline, right-to-left override, leading dot, accents, capitals folded),
 * in the files and in the repository's history alike.
 */
import { execFileSync } from "node:child_process"
import { existsSync, readFileSync, readdirSync } from "node:fs"
import { join } from "node:path"
import sharp from "sharp"
import { studioAction, useLoggedInStudio } from "../../helpers/studio-server"
import { photoSlug, safeFileName } from "../../../src/server/studio/photo-names"

jest.setTimeout(60_000)
const session = useLoggedInStudio()

type Item = Record<string, unknown>
const soldItemsFile = () => join(session.studio.siteDir, "content", "sold-items.json")
const items = () => (JSON.parse(readFileSync(soldItemsFile(), "utf8")) as { items: Item[] }).items
const photosFolder = () => join(session.studio.siteDir, "content", "images", "items")

/** A real photo, `shade` making each one's bytes different. */
const photo = (shade: number) =>
  sharp({ create: { width: 800, height: 1000, channels: 3, background: { r: shade, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer()

/** Saves sold-items.json as Decap does: the whole file, after `edit` changed its items, with the entry's new photos. */
async function save(edit: (items: Item[]) => void, assets: Array<{ path: string; bytes: Buffer }>) {
  const data = JSON.parse(readFileSync(soldItemsFile(), "utf8")) as { items: Item[] }
  edit(data.items)
  const answer = await studioAction(session, "persistEntry", {
    dataFiles: [{ slug: "sold-items", path: "content/sold-items.json", raw: JSON.stringify(data, null, 2) }],
    assets: assets.map(({ path, bytes }) => ({ path, content: bytes.toString("base64"), encoding: "base64" })),
    options: { commitMessage: "m" },
  })
  return { status: answer.status, body: (await answer.json()) as { error?: string } }
}

const newItem = (title: string, image: string): Item => ({
  brand: "Lacoste",
  title,
  price: 44,
  image,
  views: 0,
  favorites: 0,
  category: "Polo",
})

test("slugs: lowercase, no accents, hyphens, at most 80 characters cut between words", () => {
  expect(photoSlug(["Lacoste", "Polo L.12.12 blanc classique"])).toBe("lacoste-polo-l-12-12-blanc-classique")
  expect(photoSlug(["Été", "Chemise « Oxford » à carreaux"])).toBe("ete-chemise-oxford-a-carreaux")
  const long = photoSlug(["Ralph Lauren", "Pull torsadé ".repeat(12)])
  expect(long.length).toBeLessThanOrEqual(80)
  expect(long).toMatch(/^ralph-lauren-pull-torsade-.*torsade$/)
})

test("a new item's photo is stored under the item's name, and the item points to it", async () => {
  const bytes = await photo(10)
  const saved = await save((list) => list.push(newItem("Polo rose pâle", "images/items/img_4521.jpg")), [{ path: "content/images/items/img_4521.jpg", bytes }])
  expect(saved).toEqual({ status: 200, body: { message: "entry persisted" } })
  expect(items().at(-1)?.image).toBe("images/items/lacoste-polo-rose-pale.jpg")
  expect(readFileSync(join(photosFolder(), "lacoste-polo-rose-pale.jpg")).equals(bytes)).toBe(true)
  expect(existsSync(join(photosFolder(), "img_4521.jpg"))).toBe(false)
})

test("Decap's next save sends the photo again under its old name: same file, no second copy", async () => {
  const before = readdirSync(photosFolder()).sort()
  const saved = await save(
    (list) => {
      list.at(-1)!.image = "images/items/img_4521.jpg"
      list.at(-1)!.price = 46
    },
    [{ path: "content/images/items/img_4521.jpg", bytes: await photo(10) }],
  )
  expect(saved.status).toBe(200)
  expect(items().at(-1)).toMatchObject({ image: "images/items/lacoste-polo-rose-pale.jpg", price: 46 })
  expect(readdirSync(photosFolder()).sort()).toEqual(before)
})

test("a second item of the same name gets its own file; a photo no item shows keeps its name", async () => {
  const other = await photo(200)
  const loose = await photo(250)
  const saved = await save(
    (list) => list.push(newItem("Polo rose pâle", "images/items/img_4522.jpg")),
    [
      { path: "content/images/items/img_4522.jpg", bytes: other },
      { path: "content/images/items/img_9999.jpg", bytes: loose },
    ],
  )
  expect(saved.status).toBe(200)
  expect(items().at(-1)?.image).toBe("images/items/lacoste-polo-rose-pale-2.jpg")
  expect(readFileSync(join(photosFolder(), "lacoste-polo-rose-pale-2.jpg")).equals(other)).toBe(true)
  expect(existsSync(join(photosFolder(), "img_9999.jpg"))).toBe(true)
})

test("safe file names: lowercase ASCII letters, digits, « - », « _ », « . », never a leading dot", () => {
  expect(safeFileName("Été à Paris (1).JPG")).toBe("ete-a-paris-1.jpg")
  expect(safeFileName("photo\n.jpg")).toBe("photo.jpg")
  expect(safeFileName("ligne\nsuite.jpg")).toBe("ligne-suite.jpg")
  expect(safeFileName("facture\u202Egpj.png")).toBe("facture-gpj.png")
  expect(safeFileName(".cachee.jpg")).toBe("cachee.jpg")
  expect(safeFileName("..\u200B.webp")).toBe("photo.webp")
  expect(safeFileName("deja-sure_2.v1.jpg")).toBe("deja-sure_2.v1.jpg")
})

test("a media library upload under an odd name is saved and committed under a safe one, and the library is told which", async () => {
  const git = (...args: string[]) =>
    execFileSync("git", ["-C", session.studio.siteDir, "-c", "user.name=t", "-c", "user.email=t@exemple.fr", ...args], { encoding: "utf8" })
  git("init", "--quiet")
  git("add", "--all")
  git("commit", "--quiet", "-m", "départ")
  const odd = [
    ["ligne\nsuite.jpg", "ligne-suite.jpg"],
    ["facture\u202Egpj.jpg", "facture-gpj.jpg"],
    [".cachee.jpg", "cachee.jpg"],
    ["Été à Paris.JPG", "ete-a-paris.jpg"],
  ]
  for (const [index, [asked, safe]] of odd.entries()) {
    const answer = await studioAction(session, "persistMedia", {
      asset: { path: `content/images/items/${asked}`, content: (await photo(30 + 40 * index)).toString("base64"), encoding: "base64" },
      options: { commitMessage: "m" },
    })
    const body = (await answer.json()) as { path?: string; name?: string }
    expect([asked, answer.status, body.path, body.name]).toEqual([asked, 200, `content/images/items/${safe}`, safe])
    expect(existsSync(join(photosFolder(), safe!))).toBe(true)
    expect(existsSync(join(photosFolder(), asked!))).toBe(false)
  }
  const committed = git("log", "--name-only", "--format=", "-z", `HEAD~${odd.length}..HEAD`).split("\0").filter(Boolean)
  expect(committed.filter((name) => name.startsWith("content/images/items/")).sort()).toEqual(odd.map(([, safe]) => `content/images/items/${safe}`).sort())
  expect(readdirSync(photosFolder()).every((name) => /^[a-z0-9][a-z0-9_.-]*$/.test(name))).toBe(true)
})

test("a new photo in a folder with an odd name is refused in French, nothing written", async () => {
  const answer = await studioAction(session, "persistMedia", {
    asset: { path: "content/images/\u202Eitems/a.jpg", content: (await photo(40)).toString("base64"), encoding: "base64" },
    options: { commitMessage: "m" },
  })
  expect(answer.status).toBe(400)
  expect(((await answer.json()) as { error: string }).error).toMatch(/^Dossier refusé/)
  expect(existsSync(join(session.studio.siteDir, "content", "images", "\u202Eitems"))).toBe(false)
})
