/**
 * The outbox: one folder per request under LEADS_DIR, written before the visitor is told "sent".
 *
 *   LEADS_DIR/.incoming/<tmp>/    a request being received (photos streamed here, never buffered)
 *   LEADS_DIR/<id>/lead.json      the request (src/server/leads/types.ts)
 *   LEADS_DIR/<id>/photo-N.ext    its photos
 *   LEADS_DIR/<id>/delivery.json  pending/sent, attempts, last error, next attempt
 *
 * What must stay true: a folder named <id> is complete (it appears by one rename of a folder
 * already holding lead.json and every photo), and every JSON file is replaced by rename, so a
 * crash at any moment leaves either the old or the new content, never half of one.
 */
import { randomBytes } from "node:crypto"
import { mkdir, mkdtemp, open, readdir, readFile, rename, rm } from "node:fs/promises"
import path from "node:path"
import type { DeliveryState, Lead } from "./types"

const INCOMING = ".incoming"
/** Unambiguous letters and digits for a request number read out on the phone. */
const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"

/** A sortable, readable request number: 20261123-2115-K7Q2MX (UTC date and time, 6 random). */
export function newLeadId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").slice(0, 13).replace("T", "-")
  const random = Array.from(randomBytes(6), (byte) => ALPHABET[byte % ALPHABET.length]).join("")
  return `${stamp}-${random}`
}

const ID_PATTERN = /^\d{8}-\d{4}-[2-9A-Z]{6}$/

/** Writes `data` next to `file` then renames it over: readers see the old or the new file. */
export async function writeFileAtomic(file: string, data: string): Promise<void> {
  const temp = `${file}.${randomBytes(4).toString("hex")}.tmp`
  const handle = await open(temp, "w")
  try {
    await handle.writeFile(data)
    await handle.sync()
  } finally {
    await handle.close()
  }
  await rename(temp, file)
}

export type StoredLead = { lead: Lead; state: DeliveryState; dir: string }

export class Outbox {
  constructor(readonly dir: string) {}

  /** A private folder for a request being received; commit() or discard() it. */
  async staging(): Promise<string> {
    const incoming = path.join(this.dir, INCOMING)
    await mkdir(incoming, { recursive: true })
    return mkdtemp(path.join(incoming, "r-"))
  }

  /** Makes a received request durable: lead.json and delivery.json, then one rename. */
  async commit(staging: string, lead: Lead): Promise<void> {
    await writeFileAtomic(path.join(staging, "lead.json"), `${JSON.stringify(lead, null, 2)}\n`)
    const state: DeliveryState = { status: "pending", attempts: 0, delivered: [] }
    await writeFileAtomic(path.join(staging, "delivery.json"), `${JSON.stringify(state, null, 2)}\n`)
    await rename(staging, this.leadDir(lead.id))
  }

  /** A request without photos (chat contact) in one call. */
  async add(lead: Lead): Promise<void> {
    await this.commit(await this.staging(), lead)
  }

  async discard(staging: string): Promise<void> {
    await rm(staging, { recursive: true, force: true })
  }

  /** Uploads a crash interrupted: never answered 201, so nobody was told they were sent. */
  async clearIncoming(): Promise<void> {
    await rm(path.join(this.dir, INCOMING), { recursive: true, force: true })
  }

  leadDir(id: string): string {
    if (!ID_PATTERN.test(id)) throw new Error(`identifiant de demande invalide : ${id}`)
    return path.join(this.dir, id)
  }

  async read(id: string): Promise<StoredLead> {
    const dir = this.leadDir(id)
    const lead = JSON.parse(await readFile(path.join(dir, "lead.json"), "utf8")) as Lead
    const state = JSON.parse(await readFile(path.join(dir, "delivery.json"), "utf8")) as DeliveryState
    return { lead, state, dir }
  }

  async writeState(id: string, state: DeliveryState): Promise<void> {
    await writeFileAtomic(path.join(this.leadDir(id), "delivery.json"), `${JSON.stringify(state, null, 2)}\n`)
  }

  /** Every stored request, oldest first. */
  async list(): Promise<StoredLead[]> {
    let names: string[]
    try {
      names = await readdir(this.dir)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return []
      throw error
    }
    const ids = names.filter((name) => ID_PATTERN.test(name)).sort()
    const leads: StoredLead[] = []
    for (const id of ids) {
      try {
        leads.push(await this.read(id))
      } catch (error) {
        console.error(`leads : ${id} illisible`, error)
      }
    }
    return leads
  }
}
