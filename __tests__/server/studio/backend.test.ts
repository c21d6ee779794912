/**
 * @jest-environment node
 *
 * Decap's proxy-backend protocol on the production server (src/server/studio/backend.ts), over
 * real sockets with a logged-in owner, on a COPY of content/: reads, paths confined to content/,
 * and saves checked by the build's own validator (a refused save leaves the disk as it was).
 */
import { execFileSync } from "node:child_process"
import { existsSync, readFileSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { studioAction, useLoggedInStudio } from "../../helpers/studio-server"

jest.setTimeout(60_000)
const session = useLoggedInStudio()

type Item = Record<string, unknown> & { id?: number; price?: unknown }
const soldItemsFile = () => join(session.studio.siteDir, "content", "sold-items.json")
const readText = () => readFileSync(soldItemsFile(), "utf8")

async function call(action: string, params: Record<string, unknown>) {
  const answer = await studioAction(session, action, params)
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> & { error?: string } }
}

/** Saves sold-items.json as Decap does: the whole file, after `edit` changed its items. */
function saveItems(edit: (items: Item[]) => void) {
  const data = JSON.parse(readText()) as { items: Item[] }
  edit(data.items)
  const raw = JSON.stringify(data, null, 2)
  return call("persistEntry", { dataFiles: [{ slug: "sold-items", path: "content/sold-items.json", raw }], assets: [], options: { commitMessage: "m" } })
}

test("reads: info, a content file, the photos of a folder", async () => {
  expect((await call("info", {})).body).toMatchObject({ publish_modes: ["simple"] })
  const entry = await call("getEntry", { path: "content/sold-items.json" })
  expect(entry.body.data).toBe(readText())
  const media = await call("getMedia", { mediaFolder: "content/images/items" })
  expect(media.status).toBe(200)
  expect((media.body as unknown as Array<{ path: string }>).map((photo) => photo.path)).toContain("content/images/items/01-lacoste-polo-blanc.jpg")
})

test("paths outside content/, absolute, with .., of the wrong kind or through a link are refused 400", async () => {
  symlinkSync("/etc/passwd", join(session.studio.siteDir, "content", "images", "items", "lien.jpg"))
  symlinkSync("/etc", join(session.studio.siteDir, "content", "images", "dehors"))
  for (const [action, params] of [
    ["getEntry", { path: "../package.json" }],
    ["getEntry", { path: "content/../../../etc/passwd" }],
    ["getEntry", { path: "/etc/passwd" }],
    ["getEntry", { path: "content\\site.json" }],
    ["getEntry", { path: "package.json" }],
    ["getEntry", { path: "content/schemas/site.schema.json" }],
    ["getMediaFile", { path: "content/sold-items.json" }],
    ["getMediaFile", { path: "content/images/items/lien.jpg" }],
    ["getMedia", { mediaFolder: "content/images/dehors" }],
    ["getMedia", { mediaFolder: "src" }],
    ["deleteFile", { path: "content/site.json", options: { commitMessage: "m" } }],
    ["persistMedia", { asset: { path: "content/images/../../x.jpg", content: "AA==", encoding: "base64" }, options: { commitMessage: "m" } }],
  ] as const) {
    const answer = await call(action, params)
    expect([action, params, answer.status]).toEqual([action, params, 400])
    expect(answer.body.error).toMatch(/^Chemin refusé/)
  }
  expect(existsSync(join(session.studio.siteDir, "x.jpg"))).toBe(false)
})

test("a price change rewrites only its line; « 12,50 » is stored as 12.5; an emptied optional field is removed", async () => {
  const before = readText().split("\n")
  const saved = await saveItems((items) => {
    items[2]!.price = "12,50"
    items[4]!.size = ""
  })
  expect(saved).toEqual({ status: 200, body: { message: "entry persisted" } })
  const after = readText().split("\n")
  const changed = after.map((line, index) => (line === before[index] ? null : index)).filter((index) => index !== null)
  expect(changed).toEqual([5, 7])
  expect(after[5]).toContain('"price": 12.5,')
  expect(after[7]).not.toContain('"size"')
  expect(after[7]).toContain('"category": "Chemise", "condition": "Très bon état" }')
})

test("a new item without a number gets the next one, laid out on one line like the others", async () => {
  const saved = await saveItems((items) => {
    const { id: _id, ...copy } = items[0]!
    items.push({ ...copy, title: "Polo neuf", price: "30" })
  })
  expect(saved.status).toBe(200)
  const lines = readText().split("\n")
  expect(lines.at(-4)).toMatch(/^ {4}\{ "id": 16, "brand": "Lacoste", "title": "Polo neuf", "price": 30, /)
})

test("content the build refuses is refused with its French lines, and nothing changes on disk", async () => {
  const before = readText()
  const duplicate = await saveItems((items) => {
    items[15]!.id = 5
  })
  expect(duplicate.status).toBe(422)
  expect(duplicate.body.error).toContain("Le site refuserait ce contenu ; rien n'a été enregistré")
  expect(duplicate.body.error).toContain("content/sold-items.json › items[15].id : identifiant 5 déjà utilisé par items[4]")
  const spaces = await saveItems((items) => {
    items[0]!.title = "   "
  })
  expect(spaces.status).toBe(422)
  expect(spaces.body.error).toContain("items[0].title : ne contient que des espaces")
  expect(readText()).toBe(before)
})

test("a photo that is not one, or too heavy, is refused in French and not written", async () => {
  const fake = await call("persistMedia", {
    asset: { path: "content/images/items/faux.jpg", content: Buffer.from("pas une image").toString("base64"), encoding: "base64" },
    options: { commitMessage: "m" },
  })
  expect(fake.status).toBe(422)
  expect(fake.body.error).toContain("content/images/items/faux.jpg n'est pas une image")
  const heavy = await call("persistMedia", {
    asset: { path: "content/images/items/lourde.jpg", content: Buffer.alloc(12 * 1024 * 1024).toString("base64"), encoding: "base64" },
    options: { commitMessage: "m" },
  })
  expect(heavy).toEqual({ status: 413, body: { code: "payload_too_large", error: "Envoi trop lourd : une photo fait au plus 10 Mo." } })
  expect(existsSync(join(session.studio.siteDir, "content", "images", "items", "faux.jpg"))).toBe(false)
  expect(existsSync(join(session.studio.siteDir, "content", "images", "items", "lourde.jpg"))).toBe(false)
})

test("a photo still shown on the site cannot be deleted", async () => {
  const answer = await call("deleteFile", { path: "content/images/items/02-ralph-lauren-polo-marine.jpg", options: { commitMessage: "m" } })
  expect(answer.status).toBe(422)
  expect(answer.body.error).toContain("items[1].image")
  expect(existsSync(join(session.studio.siteDir, "content", "images", "items", "02-ralph-lauren-polo-marine.jpg"))).toBe(true)
})

test("in a git repository each save is one commit of its own files, authored by the account, with Decap's message", async () => {
  const git = (...args: string[]) =>
    execFileSync("git", ["-C", session.studio.siteDir, "-c", "user.name=t", "-c", "user.email=t@exemple.fr", ...args], { encoding: "utf8" })
  git("init", "--quiet")
  git("add", "--all")
  git("commit", "--quiet", "-m", "départ")
  writeFileSync(join(session.studio.siteDir, "brouillon.txt"), "pas à moi")
  const saved = await saveItems((items) => {
    items[3]!.price = 44
  })
  expect(saved.status).toBe(200)
  expect(git("log", "-1", "--format=%an <%ae>|%s")).toBe("proprietaire@exemple.fr <proprietaire@exemple.fr>|m\n")
  expect(git("show", "--name-only", "--format=", "HEAD").trim()).toBe("content/sold-items.json")
  expect(git("status", "--porcelain")).toBe("?? brouillon.txt\n")
})
