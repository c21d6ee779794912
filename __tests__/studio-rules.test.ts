/**
 * @jest-environment node
 *
 * The studio's check before a commit to a git host (src/admin-rules/checked-backend.ts), run on
 * the real content/ through a folder standing in for the repository: its verdicts are the
 * build's, line for line, on the same content (the server's check, changeProblems on disk, is
 * the reference), and a refused save commits nothing. The browser's image decoder
 * (createImageBitmap) is stood in for by sharp; e2e/studio-rules.spec.mjs runs the real one.
 */
import fs from "node:fs"
import path from "node:path"
import sharp from "sharp"
import { sizeVerdict } from "../build-steps/content/photo-verdict"
import { refusalText } from "../build-steps/content/report"
import { changeProblems } from "../build-steps/content/rules"
import { diskReader } from "../build-steps/content/validate"
import { checkedBackend, ContentRefused } from "../src/admin-rules/checked-backend"
import type { Asset } from "../src/admin-rules/decap"
import { openEntry, photoRuleIn } from "../src/admin-rules/picked-photos"
import { SCHEMAS } from "../src/admin-rules/schemas"
import { copyOfContent, type List } from "./helpers/content-copy"
import { folderBackend } from "./helpers/folder-backend"

jest.setTimeout(60_000)
const GIT = { backend: { name: "github" } }

beforeAll(() => {
  globalThis.createImageBitmap = (async (blob: Blob) => {
    const { width = 0, height = 0 } = await sharp(Buffer.from(await blob.arrayBuffer()), { failOn: "truncated" }).metadata()
    return { width, height, close: () => undefined }
  }) as unknown as typeof createImageBitmap
})

/** A repository holding a fresh copy of content/, and the studio's wrapped backend over it. */
function repository(config: object = GIT) {
  const root = path.dirname(copyOfContent())
  const inner = folderBackend(root)
  const read = (file: string) => fs.readFileSync(path.join(root, "content", file), "utf8")
  return { root, inner, read, backend: checkedBackend(inner, config as typeof GIT, SCHEMAS) }
}

type Repository = ReturnType<typeof repository>

/** Saves sold-items.json as Decap does (the whole file, JSON.stringify), after `edit`, with `assets`. */
async function saveItems({ backend, read }: Repository, edit: (list: List) => void, assets: Asset[] = []): Promise<string | null> {
  const list = JSON.parse(read("sold-items.json")) as List
  edit(list)
  const raw = JSON.stringify(list, null, 2)
  try {
    await backend.persistEntry({ dataFiles: [{ path: "content/sold-items.json", slug: "sold-items", raw }], assets }, {})
    return null
  } catch (error) {
    expect(error).toBeInstanceOf(ContentRefused)
    return String(error)
  }
}

/** The server's verdict (src/server/studio/save.ts) on the same save: the edit and the photos written into a copy. */
async function serverVerdict(edit: (list: List) => void, photos: Record<string, Uint8Array> = {}): Promise<string> {
  const dir = copyOfContent()
  const file = path.join(dir, "sold-items.json")
  const list = JSON.parse(fs.readFileSync(file, "utf8")) as List
  edit(list)
  fs.writeFileSync(file, JSON.stringify(list))
  for (const [photo, bytes] of Object.entries(photos)) fs.writeFileSync(path.join(dir, photo), bytes)
  return refusalText(await changeProblems(diskReader(dir), Object.keys(photos)))
}

const duplicate = (list: List) => void (list.items[14]!.id = list.items[4]!.id)
const spaces = (list: List) => void (list.items[0]!.title = "   ")

test("a number already used and a spaces-only title are refused with the build's lines; nothing is committed", async () => {
  for (const edit of [duplicate, spaces]) {
    const repo = repository()
    const refusal = await saveItems(repo, edit)
    expect(refusal).toBe(await serverVerdict(edit))
    expect(repo.inner.commits).toEqual([])
  }
  expect(await saveItems(repository(), duplicate)).toContain("content/sold-items.json › items[14].id : identifiant 5 déjà utilisé par items[4]")
  expect(await saveItems(repository(), spaces)).toContain(
    "content/sold-items.json › items[0].title : ne contient que des espaces (écrivez un texte ou videz le champ)",
  )
})

test("an emptied optional field is removed, « 12,50 » is 12.5, and the commit changes only their line, as the server writes it", async () => {
  const repo = repository()
  const before = repo.read("sold-items.json").split("\n")
  expect(
    await saveItems(repo, (list) => {
      list.items[0]!.size = ""
      list.items[2]!.price = "12,50"
    }),
  ).toBeNull()
  const committed = repo.inner.commits[0]!.dataFiles![0]!.raw.split("\n")
  const changed = committed.flatMap((line, index) => (line === before[index] ? [] : [index]))
  expect(changed).toEqual([3, 5])
  expect(committed[3]).not.toContain('"size"')
  expect(committed[5]).toContain('"price": 12.5,')
})

test("a new item at the top of the list gets the next free number and is laid out like its siblings", async () => {
  const repo = repository()
  expect(
    await saveItems(repo, (list) => {
      const { id: _id, ...copy } = list.items[0]!
      list.items.unshift({ ...copy, title: "Polo neuf" })
    }),
  ).toBeNull()
  const lines = repo.inner.commits[0]!.dataFiles![0]!.raw.split("\n")
  expect(lines[3]).toMatch(/^ {4}\{ "id": 16, "brand": "Lacoste", "title": "Polo neuf", /)
  expect(lines.length).toBe(repo.read("sold-items.json").split("\n").length + 1)
})

test("a 12 MB photo and a text renamed .jpg are refused as the build refuses them, and not committed", async () => {
  const jpegHead = fs.readFileSync(path.join(__dirname, "..", "content", "images", "items", "01-lacoste-polo-blanc.jpg")).subarray(0, 64)
  const heavy = Buffer.concat([jpegHead, Buffer.alloc(12 * 1024 * 1024)])
  const text = Buffer.from("ceci n'est pas une photo")
  for (const [name, bytes, expected] of [
    ["grande.jpg", heavy, "content/images/items/grande.jpg est trop lourde : 12,0 Mo (maximum 10,0 Mo)"],
    ["faux.jpg", text, "content/images/items/faux.jpg n'est pas une image"],
  ] as const) {
    const edit = (list: List) => void (list.items[0]!.image = `images/items/${name}`)
    const repo = repository()
    const refusal = await saveItems(repo, edit, [{ path: `content/images/items/${name}`, fileObj: new Blob([bytes]) }])
    expect(refusal).toContain(`content/sold-items.json › items[0].image : ${expected}`)
    expect(refusal).toBe(await serverVerdict(edit, { [`images/items/${name}`]: bytes }))
    expect(repo.inner.commits).toEqual([])
  }
})

test("a new photo of the right size is accepted; photos the repository already had are not downloaded again", async () => {
  const photo = await sharp({ create: { width: 800, height: 1000, channels: 3, background: "#eee" } })
    .jpeg()
    .toBuffer()
  const repo = repository()
  const asset = { path: "content/images/items/neuve.jpg", fileObj: new Blob([new Uint8Array(photo)]) }
  expect(await saveItems(repo, (list) => void (list.items[3]!.image = "images/items/neuve.jpg"), [asset])).toBeNull()
  expect(repo.inner.commits).toHaveLength(1)
  expect(repo.inner.mediaFilesRead).toEqual([])
  // A photo of the library chosen for another item is read back and judged by that item's rule.
  const small = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#eee" } })
    .jpeg()
    .toBuffer()
  fs.writeFileSync(path.join(repo.root, "content/images/items/petite.jpg"), small)
  const refusal = await saveItems(repo, (list) => void (list.items[5]!.image = "images/items/petite.jpg"))
  expect(refusal).toContain("items[5].image : content/images/items/petite.jpg est trop petite : 300 × 200 px (au moins 600 × 750 px)")
  expect(repo.inner.mediaFilesRead).toEqual(["content/images/items/petite.jpg"])
})

test("the media library: an iPhone photo is refused at upload, a photo still shown cannot be deleted", async () => {
  const repo = repository()
  const heic = new Blob([Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypheic\0\0\0\0mif1heic", "latin1"), Buffer.alloc(200)])])
  await expect(repo.backend.persistMedia({ path: "content/images/items/iphone.jpg", fileObj: heic }, {})).rejects.toThrow(
    "• content/images/items/iphone.jpg : photo HEIC (format des iPhone)",
  )
  await expect(repo.backend.deleteFiles(["content/images/items/02-ralph-lauren-polo-marine.jpg"], "m")).rejects.toThrow(
    "content/sold-items.json › items[1].image : image introuvable : content/images/items/02-ralph-lauren-polo-marine.jpg",
  )
  expect(repo.inner.commits).toEqual([])
})

test("a rule between two files: a category still used by sold items cannot be removed", async () => {
  const repo = repository()
  const categories = JSON.parse(repo.read("categories.json")) as { items: Array<{ name: string }> }
  const raw = JSON.stringify({ items: categories.items.filter((category) => category.name !== "Polo") }, null, 2)
  await expect(repo.backend.persistEntry({ dataFiles: [{ path: "content/categories.json", raw }], assets: [] }, {})).rejects.toThrow(
    'content/sold-items.json › items[0].category : catégorie "Polo" absente de content/categories.json',
  )
})

test("on the site's own server (the proxy without local_backend) the server checks: saves pass as they are, its refusal shows as it is written", async () => {
  const repo = repository({ backend: { name: "proxy" }, local_backend: false })
  const raw = '{ "items": [{ "title": "   " }] }'
  await repo.backend.persistEntry({ dataFiles: [{ path: "content/sold-items.json", raw }], assets: [] }, {})
  expect(repo.inner.commits[0]!.dataFiles![0]!.raw).toBe(raw)
  const refused = Object.assign(new Error("Le site refuserait ce contenu ; rien n'a été enregistré :\n• …"), { name: "API_ERROR" })
  repo.inner.persistMedia = () => Promise.reject(refused)
  await expect(repo.backend.persistMedia({ path: "content/images/items/a.jpg" }, {}).catch(String)).resolves.toBe(refused.message)

  const npmRunEdit = repository({ backend: { name: "proxy" }, local_backend: { url: "http://localhost:8081/api/v1" } })
  expect(await saveItems(npmRunEdit, spaces)).toContain("items[0].title : ne contient que des espaces")
})

test("a photo picked in the library is held to the open entry's minimum: sold items 600 × 750, no rule where the file has no photo", () => {
  expect(openEntry("#/collections/listes/entries/sold-items")).toBe("sold-items")
  expect(openEntry("#/collections/pages/entries/engine?ref=x")).toBe("engine")
  expect(openEntry("#/media")).toBeNull()
  expect(openEntry("#/collections/listes/entries/inconnu")).toBeNull()
  expect(photoRuleIn(SCHEMAS["sold-items"])).toEqual({ minWidth: 600, minHeight: 750 })
  expect(photoRuleIn(SCHEMAS.shops)).toEqual({ minWidth: 128, minHeight: 128 })
  expect(photoRuleIn(SCHEMAS.news)).toBeNull()
  expect(sizeVerdict({ width: 500, height: 600 }, "La photo « a.jpg »", { minWidth: 600, minHeight: 750 })).toBe(
    "La photo « a.jpg » est trop petite : 500 × 600 px (au moins 600 × 750 px)",
  )
  expect(sizeVerdict({ width: 600, height: 750 }, "a.jpg", { minWidth: 600, minHeight: 750 })).toBeNull()
})
