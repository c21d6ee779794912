/**
 * Which request a seller's key opens, without reading every record (issue 49: with 662 records a
 * guessed key read them all, 200 ms, and 32 guessing clients slowed a real seller's page to 2.5 s).
 * One index per outbox folder and process: each key's SHA-256 → its request's id, kept in
 * LEADS_DIR/.buyback-index/keys.json beside the requests (hashes only: the file opens no page; in a
 * folder of its own, so that writing it leaves the outbox folder's time to the requests alone).
 *
 * What must stay true:
 *   - the index is a cache, never the truth: a key found in it is checked against the record
 *     itself (constant-time), so a stale or forged index can only miss, never open another
 *     request; lost, unreadable or stale, it is rebuilt from the records;
 *   - an unknown key costs one stat of the outbox folder, whatever the number of requests: the
 *     records are read again only when the folder changed (a request added or erased), and then
 *     only those of the requests the index does not know yet;
 *   - the file is written whole or not at all (writeFileAtomic), so a crash leaves the old index
 *     or the new one, and either is checked as above.
 */
import { createHash, timingSafeEqual } from "node:crypto"
import { mkdir, readFile, stat } from "node:fs/promises"
import path from "node:path"
import { writeFileAtomic } from "../files"
import type { Buyback } from "../../contract/buyback"
import type { Outbox, StoredLead } from "../leads/outbox"
import { TOKEN_PATTERN } from "./machine"
import { clock } from "../clock"

/** The index's file, below the outbox folder (a dot folder: never taken for a request). */
export const INDEX_FILE = path.join(".buyback-index", "keys.json")

/** File times move by the kernel's tick (a few ms): a folder changed this recently may change again under the same time. */
const SETTLED_MS = 50

type IndexFile = { version: 1; requests: Record<string, string | null> }
type Records = { readonly outbox: Outbox; read(id: string): Promise<Buyback | null> }

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex")
const sameToken = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

export class TokenIndex {
  /** Each known request's key hash (null: no record when it was read). */
  private requests = new Map<string, string | null>()
  private byHash = new Map<string, string>()
  /** The outbox folder's modification time at the last sync, in nanoseconds; null before the first. */
  private stamp: bigint | null = null
  private loading: Promise<void> | null = null
  private syncing: Promise<void> | null = null

  constructor(private readonly records: Records) {}

  get file(): string {
    return path.join(this.records.outbox.dir, INDEX_FILE)
  }

  /** The request whose key is `token` with its record, or null (unknown, malformed, erased). */
  async find(token: string): Promise<{ stored: StoredLead; buyback: Buyback } | null> {
    if (!TOKEN_PATTERN.test(token)) return null
    await (this.loading ??= this.load())
    const hash = hashOf(token)
    if (!this.byHash.has(hash) && (await this.folderChanged())) await this.sync()
    const found = await this.confirmed(hash, token)
    if (found !== "wrong") return found
    // The index named a request whose record holds another key: it was forged or damaged, made again from every record.
    this.requests.clear()
    this.byHash.clear()
    await this.sync()
    const again = await this.confirmed(hash, token)
    return again === "wrong" ? null : again
  }

  /** The request the index names for `hash`, if its record holds `token`; "wrong" when it holds another key. */
  private async confirmed(hash: string, token: string): Promise<{ stored: StoredLead; buyback: Buyback } | null | "wrong"> {
    const id = this.byHash.get(hash)
    if (!id) return null
    const buyback = await this.records.read(id).catch(() => null)
    const stored = buyback && sameToken(buyback.token, token) ? await this.records.outbox.find(id) : null
    if (stored && buyback) return { stored, buyback }
    if (buyback && !sameToken(buyback.token, token)) return "wrong"
    // Erased meanwhile (or its record gone): forgotten.
    this.set(id, null)
    return null
  }

  /** A record made in this process for a request already known without one (the inbox opening an older request). */
  remember(id: string, token: string): void {
    this.set(id, hashOf(token))
  }

  private set(id: string, hash: string | null): void {
    const before = this.requests.get(id)
    if (before) this.byHash.delete(before)
    this.requests.set(id, hash)
    if (hash) this.byHash.set(hash, id)
  }

  private async load(): Promise<void> {
    try {
      const saved = JSON.parse(await readFile(this.file, "utf8")) as Partial<IndexFile>
      for (const [id, hash] of Object.entries(saved.requests ?? {})) if (hash === null || typeof hash === "string") this.set(id, hash)
    } catch {
      // Lost or unreadable: rebuilt from the records at the first unknown key.
    }
  }

  private async folderChanged(): Promise<boolean> {
    if (this.stamp === null) return true
    const folder = await stat(this.records.outbox.dir, { bigint: true }).catch(() => null)
    return !folder || folder.mtimeNs !== this.stamp
  }

  /** The index made to match the folder: erased requests forgotten, new ones' records read. One at a time. */
  private sync(): Promise<void> {
    this.syncing ??= (async () => {
      try {
        const ids = new Set(await this.records.outbox.ids())
        let changed = false
        for (const id of [...this.requests.keys()]) {
          if (ids.has(id)) continue
          this.set(id, null)
          this.requests.delete(id)
          changed = true
        }
        for (const id of ids) {
          if (this.requests.get(id)) continue
          const buyback = await this.records.read(id).catch(() => null)
          const hash = buyback && TOKEN_PATTERN.test(buyback.token) ? hashOf(buyback.token) : null
          if (this.requests.has(id) && this.requests.get(id) === hash) continue
          this.set(id, hash)
          changed = true
        }
        if (changed) await this.save()
        // The folder's time after our own save, kept only if the folder still holds what was read;
        // and only once settled: a change within the same tick of the kernel's clock keeps the same time.
        const folder = await stat(this.records.outbox.dir, { bigint: true }).catch(() => null)
        const still = (await this.records.outbox.ids()).join() === [...ids].join()
        this.stamp = folder && still && clock.nowMs() - Number(folder.mtimeMs) >= SETTLED_MS ? folder.mtimeNs : null
      } finally {
        this.syncing = null
      }
    })()
    return this.syncing
  }

  private async save(): Promise<void> {
    const data: IndexFile = { version: 1, requests: Object.fromEntries(this.requests) }
    await mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 })
      .then(() => writeFileAtomic(this.file, `${JSON.stringify(data)}\n`, { mode: 0o600 }))
      .catch((error: unknown) => console.error("rachat : index des liens vendeur non écrit (il sera refait)", error))
  }
}

const INDEXES = new Map<string, TokenIndex>()

/** The one index of this outbox folder in this process. */
export function tokenIndexOf(records: Records): TokenIndex {
  const dir = path.resolve(records.outbox.dir)
  let index = INDEXES.get(dir)
  if (!index) INDEXES.set(dir, (index = new TokenIndex(records)))
  return index
}

/** The request a seller's key opens (the sellers' pages, ./seller-router.ts), or null. */
export function findByToken(records: Records, token: string): Promise<{ stored: StoredLead; buyback: Buyback } | null> {
  return tokenIndexOf(records).find(token)
}
