/**
 * Room in the outbox for one more request, asked before its body is read (the host calls it for
 * the routes declared `storesLeads` in src/server/http/routes.ts): the outbox under LEADS_MAX_MB
 * once the request's announced size is added, and LEADS_MIN_FREE_MB left free on its disk. Past
 * either: 503 in French, nothing read, nothing written; the form keeps everything.
 *
 * What must stay true: a visitor never waits for the outbox to be measured. Its size comes from
 * the last walk of LEADS_DIR (one file stat each: seconds at tens of thousands of requests), made
 * in the background, at most one at a time and one a second, never awaited by a request; every
 * request admitted since that walk began counts with its announced size, so a burst cannot slip
 * past the cap (counted twice at worst, when the walk saw its files: the cap errs on the safe
 * side). Before the first walk ends, only what was admitted since the start counts: the outbox
 * may pass its cap by what arrives during that first walk. The free space is asked of the disk at
 * each request (one statfs). An upload still arriving is counted by its announced size only.
 */
import { readdir, stat, statfs } from "node:fs/promises"
import path from "node:path"
import { errorResponse, NO_STORE, type ApiResponse } from "../http/responses"
import type { LeadsSettings } from "../settings"

const MEASURE_EVERY_MS = 1000

export const OUTBOX_FULL = () =>
  errorResponse(
    503,
    "leads_storage_full",
    "Nous ne pouvons pas enregistrer de nouvelle demande pour le moment : la vôtre n'a pas été envoyée. Réessayez plus tard.",
    { ...NO_STORE, "Retry-After": "3600" },
  )

/** Bytes of every file under `dir` (0 when it does not exist yet). */
export async function bytesUnder(dir: string): Promise<number> {
  let names: string[]
  try {
    names = await readdir(dir, { recursive: true })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0
    throw error
  }
  let total = 0
  for (const name of names) {
    // A request may be removed while we walk: it simply no longer counts.
    const info = await stat(path.join(dir, name)).catch(() => null)
    if (info?.isFile()) total += info.size
  }
  return total
}

/** Free bytes for us on the disk holding `dir` (its nearest existing parent). */
async function freeBytes(dir: string): Promise<number> {
  let target = dir
  for (;;) {
    try {
      const disk = await statfs(target)
      return disk.bavail * disk.bsize
    } catch (error) {
      const parent = path.dirname(target)
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || parent === target) throw error
      target = parent
    }
  }
}

export type OutboxRoom = (incomingBytes: number) => Promise<ApiResponse | null>

/**
 * `incomingBytes`: the request's Content-Length, or its route's limit when it announces none.
 * `measure`: how the outbox's bytes are counted (the walk; a test gives a slower one).
 */
export function outboxRoom(
  { dir, maxBytes, minFreeBytes }: Pick<LeadsSettings, "dir" | "maxBytes" | "minFreeBytes">,
  measure: (dir: string) => Promise<number> = bytesUnder,
): OutboxRoom {
  /** Bytes of every request admitted since this process started. */
  let admitted = 0
  /** The last walk's total, and `admitted` when that walk began. */
  let walked = { total: 0, admittedBefore: 0 }
  let walking = false
  let lastWalkAt = -Infinity
  const walkInBackground = () => {
    if (walking || performance.now() - lastWalkAt < MEASURE_EVERY_MS) return
    walking = true
    lastWalkAt = performance.now()
    const admittedBefore = admitted
    measure(dir)
      .then((total) => (walked = { total, admittedBefore }))
      .catch((error: unknown) => console.error(`leads : place de ${dir} illisible`, error))
      .finally(() => {
        walking = false
        lastWalkAt = performance.now()
      })
  }
  walkInBackground()
  return async (incomingBytes) => {
    walkInBackground()
    let free: number
    try {
      free = await freeBytes(dir)
    } catch (error) {
      console.error(`leads : place libre de ${dir} illisible`, error)
      return OUTBOX_FULL()
    }
    const used = walked.total + admitted - walked.admittedBefore
    if (used + incomingBytes > maxBytes || free - incomingBytes < minFreeBytes) return OUTBOX_FULL()
    admitted += incomingBytes
    return null
  }
}
