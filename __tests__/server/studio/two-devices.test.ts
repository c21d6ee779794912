/**
 * @jest-environment node
 *
 * No lost update between two devices, on the production server over real sockets (Decap's proxy
 * protocol, src/server/studio/backend.ts → save.ts → merge.ts): each device saves with the text
 * it loaded as `base`, as the studio's rules (src/admin-rules/checked-backend.ts) send it. A stale
 * save that touches other items is merged; one that touches the same field is refused in French
 * with the file left as the other device published it.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { studioAction, useLoggedInStudio } from "../../helpers/studio-server"

jest.setTimeout(60_000)
const session = useLoggedInStudio()

type Item = Record<string, unknown> & { id: number; price: number; title: string }
type SoldItems = { items: Item[] }
const file = () => join(session.studio.siteDir, "content", "sold-items.json")
const onDisk = () => JSON.parse(readFileSync(file(), "utf8")) as SoldItems

async function call(action: string, params: Record<string, unknown>) {
  const answer = await studioAction(session, action, params)
  return { status: answer.status, body: (await answer.json()) as { data?: string; error?: string } }
}

/** A device with the list open: the text it loaded, and its saves of that text changed by `edit`. */
async function openList() {
  const loaded = (await call("getEntry", { path: "content/sold-items.json" })).body.data!
  return {
    save: (edit: (items: Item[]) => void) => {
      const data = JSON.parse(loaded) as SoldItems
      edit(data.items)
      const dataFiles = [{ slug: "sold-items", path: "content/sold-items.json", raw: JSON.stringify(data, null, 2), base: loaded }]
      return call("persistEntry", { dataFiles, assets: [], options: { commitMessage: "Contenu : articles vendus" } })
    },
  }
}

test("a stale device's change to another item is merged; its change to the same price is refused in French, nothing overwritten", async () => {
  const before = onDisk().items
  const phone = await openList()
  const computer = await openList()

  expect((await phone.save((items) => (items[0]!.price = 33))).status).toBe(200)
  expect((await computer.save((items) => (items[1]!.title = "Chemise Oxford bleue"))).status).toBe(200)
  const merged = onDisk().items
  expect(merged[0]).toEqual({ ...before[0], price: 33 })
  expect(merged[1]).toEqual({ ...before[1], title: "Chemise Oxford bleue" })
  expect(merged.slice(2)).toEqual(before.slice(2))

  // Still showing the list as it first loaded it: its own price of the first item would undo the phone's.
  const refused = await computer.save((items) => (items[0]!.price = 30))
  expect(refused).toEqual({
    status: 409,
    body: {
      code: "edited_elsewhere",
      error: "Cet article a été modifié sur un autre appareil depuis que vous l'avez ouvert : rechargez la page pour voir la dernière version.",
    },
  })
  expect(onDisk().items).toEqual(merged)

  // Reloaded, the computer sees both changes and can change that price.
  const reloaded = await openList()
  expect((await reloaded.save((items) => (items[0]!.price = 30))).status).toBe(200)
  expect(onDisk().items[0]).toEqual({ ...before[0], price: 30 })
  expect(onDisk().items[1]!.title).toBe("Chemise Oxford bleue")
})
