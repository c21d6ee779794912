/**
 * @jest-environment node
 *
 * The outbox on disk: a request appears whole or not at all, interrupted uploads are cleared at
 * start, delivery marks it sent, and `npm run leads` lists it and exports CSV (photos by file name).
 */
import fsPromises from "node:fs/promises"
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import { Courier } from "../../src/server/leads/courier"
import { leadsCsv } from "../../src/server/inbox/export"
import { csvCell } from "../../src/server/spreadsheet"
import { writeFileAtomic } from "../../src/server/files"
import { newLeadId, Outbox } from "../../src/server/leads/outbox"
import type { Lead } from "../../src/server/leads/types"
import type { Channel } from "../../src/server/leads/channels"
import { JPEG, tempDir } from "../helpers/estimate-server"
import { runScript } from "../helpers/run-script"

function estimateLead(id = newLeadId()): Lead {
  return {
    id,
    kind: "estimate",
    created_at: "2026-11-23T21:00:00.000Z",
    email: "claire@exemple.fr",
    description: "=SOMME(A1), taille M",
    item: { brand: "Lacoste", category: "Polo" },
    photos: [{ file: "photo-1.jpg", name: "face.jpg", type: "image/jpeg", size: JPEG.length }],
  }
}

async function storeOne(outbox: Outbox, lead = estimateLead()): Promise<Lead> {
  const staging = await outbox.staging()
  writeFileSync(path.join(staging, "photo-1.jpg"), JPEG)
  // Until the commit, nothing is listed: a half-received request is never "in the outbox".
  expect(await outbox.list()).toEqual([])
  await outbox.commit(staging, lead)
  return lead
}

test("a request's number is its day and minute on the shop's watch in Paris, whatever the server's time zone", () => {
  // 23 h 30 UTC on 30 November: already 1 December in Paris, in winter (UTC+1) and summer (UTC+2).
  expect(newLeadId(new Date("2026-11-30T23:30:00Z"))).toMatch(/^20261201-0030-[2-9A-Z]{6}$/)
  expect(newLeadId(new Date("2027-06-30T22:05:00Z"))).toMatch(/^20270701-0005-[2-9A-Z]{6}$/)
})

test("a committed request is listed with its photos and a pending delivery; no temp file remains", async () => {
  const outbox = new Outbox(tempDir())
  const lead = await storeOne(outbox)
  const [stored] = await outbox.list()
  expect(stored!.lead).toEqual(lead)
  expect(stored!.state).toEqual({ status: "pending", attempts: 0, delivered: [] })
  expect(readdirSync(stored!.dir).sort()).toEqual(["delivery.json", "lead.json", "photo-1.jpg"])
  expect(readdirSync(path.join(outbox.dir, ".incoming"))).toEqual([])
})

test("an upload a crash interrupted is cleared at start, committed requests stay", async () => {
  const outbox = new Outbox(tempDir())
  await storeOne(outbox)
  const interrupted = await outbox.staging()
  writeFileSync(path.join(interrupted, "upload-1"), JPEG.subarray(0, 100))
  await outbox.clearLeftovers()
  expect(existsSync(interrupted)).toBe(false)
  expect(await outbox.list()).toHaveLength(1)
})

test("a commit fsyncs each photo and file before its rename, then the folders the renames changed", async () => {
  const outbox = new Outbox(tempDir())
  const staging = await outbox.staging()
  writeFileSync(path.join(staging, "photo-1.jpg"), JPEG)
  // Which paths get an fsync, in order, seen through the real FileHandle.sync.
  const synced: string[] = []
  const realOpen = fsPromises.open
  const open = jest.spyOn(fsPromises, "open").mockImplementation(async (file, ...rest) => {
    const handle = await realOpen(file, ...rest)
    const sync = handle.sync.bind(handle)
    handle.sync = async () => {
      synced.push(path.relative(outbox.dir, String(file)).replace(/\.[0-9a-f]{8}\.tmp$/, ".tmp"))
      return sync()
    }
    return handle
  })
  try {
    const lead = estimateLead()
    await outbox.commit(staging, lead)
    const inStaging = path.relative(outbox.dir, staging)
    expect(synced).toEqual([
      path.join(inStaging, "photo-1.jpg"),
      path.join(inStaging, "lead.json.tmp"),
      inStaging,
      path.join(inStaging, "delivery.json.tmp"),
      inStaging,
      "",
    ])
  } finally {
    open.mockRestore()
  }
})

test("a state write that fails leaves no temporary file, and a crash's leftovers are cleared at start", async () => {
  const outbox = new Outbox(tempDir())
  const lead = await storeOne(outbox)
  const dir = outbox.leadDir(lead.id)
  // A folder where delivery.json should be: the rename fails after the temporary file was written.
  const blocked = path.join(dir, "blocked.json")
  mkdirSync(path.join(blocked, "inside"), { recursive: true })
  await expect(writeFileAtomic(blocked, "{}")).rejects.toThrow()
  expect(readdirSync(dir).filter((name) => name.endsWith(".tmp"))).toEqual([])
  // What a kill -9 mid-write leaves: a temporary file beside the real one.
  writeFileSync(path.join(dir, "delivery.json.0a1b2c3d.tmp"), "")
  await outbox.clearLeftovers()
  expect(readdirSync(dir).sort()).toEqual(["blocked.json", "delivery.json", "lead.json", "photo-1.jpg"])
})

test("delivery marks the request sent on disk, and a new courier (a restart) does not send it again", async () => {
  const outbox = new Outbox(tempDir())
  const lead = await storeOne(outbox)
  const sent: string[] = []
  const channel: Channel = { name: "webhook", send: async (entry) => void sent.push(entry.id) }
  const courier = new Courier(outbox, [channel], { retryBaseMs: 50, retryMaxMs: 100 })
  expect(await courier.deliver(lead.id)).toBe(true)
  const { state } = await outbox.read(lead.id)
  expect(state).toMatchObject({ status: "sent", attempts: 1, delivered: ["webhook"] })
  expect(Date.parse(state.sent_at!)).not.toBeNaN()
  expect(await new Courier(outbox, [channel], { retryBaseMs: 50, retryMaxMs: 100 }).start()).toBe(0)
  expect(sent).toEqual([lead.id])
})

test("a failing channel is retried with a growing delay and its error recorded until it succeeds", async () => {
  const outbox = new Outbox(tempDir())
  const lead = await storeOne(outbox)
  const attempts: number[] = []
  const channel: Channel = {
    name: "email",
    send: async () => {
      attempts.push(performance.now())
      if (attempts.length < 3) throw new Error("connexion refusée")
    },
  }
  const courier = new Courier(outbox, [channel], { retryBaseMs: 60, retryMaxMs: 1000 })
  expect(await courier.deliver(lead.id)).toBe(false)
  expect((await outbox.read(lead.id)).state).toMatchObject({ status: "pending", attempts: 1, last_error: "email : connexion refusée" })
  for (let tries = 0; tries < 100 && (await outbox.read(lead.id)).state.status !== "sent"; tries += 1) await new Promise((resolve) => setTimeout(resolve, 20))
  expect((await outbox.read(lead.id)).state).toMatchObject({ status: "sent", attempts: 3 })
  // Backoff: 60 ms then 120 ms (timers are never early).
  expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(55)
  expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(115)
  courier.stop()
})

test("CSV cells: quoted when needed (a semicolon too: it separates them), formulas neutralised; the columns are the inbox's words", () => {
  expect(csvCell("simple")).toBe("simple")
  expect(csvCell('il a dit "oui", puis\nnon')).toBe('"il a dit ""oui"", puis\nnon"')
  expect(csvCell("taille M; bon état")).toBe('"taille M; bon état"')
  expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"')
  // A negative amount (the stock's margins) stays a number; anything else starting with "-" is neutralised.
  expect(csvCell("-12,50")).toBe('"-12,50"')
  expect(csvCell("-2+3")).toBe(`"'-2+3"`)
  expect(leadsCsv([], { channelsConfigured: true }).split("\r\n")[0]).toBe(
    '\uFEFFN°;Type;Reçue le;E-mail;Nom;Articles;Montant (€);Marque;Catégorie;État;Description;Conversation;Photos;Statut;Statut depuis le;Note privée;"Envoi à l\'équipe";"Détail de l\'envoi"',
  )
})

test("npm run leads lists the requests and exports them as the inbox's CSV: French Excel's separator, Paris time, photos by file name, no server path", async () => {
  const dir = tempDir()
  const outbox = new Outbox(dir)
  const lead = await storeOne(outbox)
  const chat: Lead = {
    id: newLeadId(),
    kind: "chat",
    created_at: "2026-11-23T21:05:00.000Z",
    email: "paul@exemple.fr",
    name: "Paul",
    photos: [],
    conversation: [{ from: "user", text: "Vous rachetez ?", at: "2026-11-23T21:04:00.000Z" }],
  }
  mkdirSync(dir, { recursive: true })
  await outbox.add(chat)
  // What `npm run leads` runs (tsx scripts/leads.ts), with tsx's loader in one node process rather
  // than its CLI, which starts a second one to run the script.
  const run = (...args: string[]) => runScript("leads.ts", args, { env: { LEADS_DIR: dir } })

  const listed = await run()
  expect(listed.code).toBe(0)
  expect(listed.out).toContain(`Demandes dans ${dir} : 2`)
  expect(listed.out).toMatch(new RegExp(`${lead.id}\\s+estimation\\s+claire@exemple.fr\\s+1 photo\\(s\\)\\s+en attente`))

  const csvFile = path.join(dir, "export.csv")
  expect((await run("--csv", csvFile)).code).toBe(0)
  const csv = readFileSync(csvFile, "utf8")
  expect(csv.startsWith("\uFEFFN°;Type;Reçue le;")).toBe(true)
  // 21:00 UTC in November is 22:00 in Paris; no delivery configured: « Non envoyée », as the inbox says.
  expect(csv).toContain(
    `${lead.id};Estimation;23/11/2026 22:00;claire@exemple.fr;;1;;Lacoste;Polo;;"'=SOMME(A1), taille M";;photo-1.jpg;Nouvelle;;;Non envoyée;`,
  )
  expect(csv).not.toContain(dir)
  expect(csv).toContain(`${chat.id};Contact chat;23/11/2026 22:05;paul@exemple.fr;Paul;;;;;;;Visiteur : Vous rachetez ?;;Nouvelle;;;Non envoyée;`)
}, 30_000)
