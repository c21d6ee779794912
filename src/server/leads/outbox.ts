/**
 * The outbox: one folder per request under LEADS_DIR, written before the visitor is told "sent".
 *
 *   LEADS_DIR/.incoming/<tmp>/    a request being received (photos streamed here, never buffered)
 *   LEADS_DIR/<id>/lead.json      the request (src/server/leads/types.ts)
 *   LEADS_DIR/<id>/photo-N.ext    its photos
 *   LEADS_DIR/<id>/delivery.json  pending/sent, attempts, last error, next attempt
 *   LEADS_DIR/<id>/handling.json  the owner's status and private note (./handling.ts), once set
 *   LEADS_DIR/<id>/vignette-*.webp, apercu-*.webp  the inbox's reduced photos (src/server/inbox/photos.ts)
 *
 * What must stay true: a folder named <id> is complete (it appears by one rename of a folder
 * already holding lead.json and every photo), and every JSON file is replaced by rename, so a
 * crash at any moment leaves either the old or the new content, never half of one. And durable
 * before the visitor's 201: every file is fsync'd before its rename, every folder after a
 * rename into it, so a power cut after the answer cannot take the request back.
 * A crash leaves at most an interrupted upload in .incoming/ and a `*.tmp` beside a JSON file:
 * clearLeftovers() removes both at start.
 */
import { randomBytes } from "node:crypto"
import { mkdir, mkdtemp, readFile, rename, rm } from "node:fs/promises"
import path from "node:path"
import { namesIn, removeLeftovers, syncPath, writeFileAtomic } from "../files"
import { NEW_REQUEST, type Handling } from "./handling"
import type { DeliveryState, Lead } from "./types"
import { clock } from "../clock"
import { checkedRecord, parsedRecord, type RecordFile } from "./records"
import { shopMinuteStamp } from "../shop-time"

const INCOMING = ".incoming"
/** Unambiguous letters and digits for a request number read out on the phone. */
const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"

/**
 * A readable request number: 20261123-2115-K7Q2MX (the day and minute it arrived on the shop's
 * watch in Paris, as the owner's mail and pages say it, then 6 random). Lists sort by the
 * request's `created_at`, never by this number (Paris' autumn hour comes twice).
 */
export function newLeadId(now = clock.now()): string {
  const stamp = shopMinuteStamp(now)
  const random = Array.from(randomBytes(6), (byte) => ALPHABET[byte % ALPHABET.length]).join("")
  return `${stamp}-${random}`
}

const ID_PATTERN = /^\d{8}-\d{4}-[2-9A-Z]{6}$/

/** Whether `text` is a request number as newLeadId() makes them (the only names leadDir() accepts). */
export function isLeadId(text: string): boolean {
  return ID_PATTERN.test(text)
}

/** Temporary names: a JSON file being replaced, a photo being copied across devices. */
const LEFTOVER = /\.(tmp|part)$/

export type StoredLead = { lead: Lead; state: DeliveryState; handling: Handling; dir: string }

export class Outbox {
  constructor(readonly dir: string) {}

  /** A private folder for a request being received; commit() or discard() it. */
  async staging(): Promise<string> {
    const incoming = path.join(this.dir, INCOMING)
    await mkdir(incoming, { recursive: true })
    return mkdtemp(path.join(incoming, "r-"))
  }

  /** Makes a received request durable: its photos synced, lead.json and delivery.json, one rename, the outbox synced. */
  async commit(staging: string, lead: Lead): Promise<void> {
    for (const photo of lead.photos) await syncPath(path.join(staging, photo.file))
    await writeFileAtomic(path.join(staging, "lead.json"), `${JSON.stringify(lead, null, 2)}\n`)
    const state: DeliveryState = { status: "pending", attempts: 0, delivered: [] }
    await writeFileAtomic(path.join(staging, "delivery.json"), `${JSON.stringify(state, null, 2)}\n`)
    await rename(staging, this.leadDir(lead.id))
    await syncPath(this.dir)
  }

  /** A request without photos (chat contact) in one call; on failure its staging folder is removed. */
  async add(lead: Lead): Promise<void> {
    const staging = await this.staging()
    try {
      await this.commit(staging, lead)
    } catch (error) {
      await this.discard(staging)
      throw error
    }
  }

  async discard(staging: string): Promise<void> {
    await rm(staging, { recursive: true, force: true })
  }

  /**
   * Erases a request and its photos for good (retention, the visitor's right to erasure). One
   * rename takes it out of the outbox first, so it is never listed half-erased; a crash during
   * the removal leaves it in .incoming/, which clearLeftovers() empties at start.
   */
  async erase(id: string): Promise<void> {
    const incoming = path.join(this.dir, INCOMING)
    await mkdir(incoming, { recursive: true })
    const doomed = path.join(incoming, `erase-${id}`)
    await rename(this.leadDir(id), doomed)
    await syncPath(this.dir)
    await rm(doomed, { recursive: true, force: true })
  }

  /**
   * What a crash leaves (call at start, before any request): uploads it interrupted (never
   * answered 201, so nobody was told they were sent) and temporary files beside a request's
   * JSON (the file itself is whole: old or new content).
   */
  async clearLeftovers(): Promise<void> {
    await rm(path.join(this.dir, INCOMING), { recursive: true, force: true })
    for (const id of await this.ids()) await removeLeftovers(path.join(this.dir, id), (name) => LEFTOVER.test(name))
  }

  leadDir(id: string): string {
    if (!isLeadId(id)) throw new Error(`identifiant de demande invalide : ${id}`)
    return path.join(this.dir, id)
  }

  async read(id: string): Promise<StoredLead> {
    const dir = this.leadDir(id)
    // Each file held to its schema (./records.ts): one changed by hand makes the request unreadable, never half shown.
    const file = async <T>(name: RecordFile, absent?: T): Promise<T> => {
      const text = await readFile(path.join(dir, name), "utf8").catch((error: NodeJS.ErrnoException) => {
        if (absent !== undefined && error.code === "ENOENT") return null
        throw error
      })
      return text === null ? (absent as T) : checkedRecord<T>(id, name, parsedRecord(id, name, text))
    }
    const lead = await file<Lead>("lead.json")
    const state = await file<DeliveryState>("delivery.json")
    const handling = await file<Handling>("handling.json", NEW_REQUEST)
    return { lead, state, handling, dir }
  }

  /** The request, or null when it is not (or no longer) in the outbox: never received, or erased. */
  async find(id: string): Promise<StoredLead | null> {
    return this.read(id).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return null
      throw error
    })
  }

  async writeState(id: string, state: DeliveryState): Promise<void> {
    await writeFileAtomic(path.join(this.leadDir(id), "delivery.json"), `${JSON.stringify(state, null, 2)}\n`)
  }

  /** The owner's status and note (the inbox); never touches delivery.json, which the courier rewrites. */
  async writeHandling(id: string, handling: Handling): Promise<void> {
    await writeFileAtomic(path.join(this.leadDir(id), "handling.json"), `${JSON.stringify(handling, null, 2)}\n`)
  }

  /** The numbers of every stored request, oldest first. */
  async ids(): Promise<string[]> {
    return (await namesIn(this.dir)).filter(isLeadId).sort()
  }

  /** Every stored request, oldest first. */
  async list(): Promise<StoredLead[]> {
    const leads: StoredLead[] = []
    for (const id of await this.ids()) {
      try {
        leads.push(await this.read(id))
      } catch (error) {
        console.error(`leads : ${id} illisible`, error)
      }
    }
    return leads
  }
}
