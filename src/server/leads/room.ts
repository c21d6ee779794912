/**
 * Room in the outbox for one more request, asked before its body is read (the host calls it for
 * the routes declared `storesLeads` in src/server/http/routes.ts): the outbox under LEADS_MAX_MB
 * once the request's announced size is added, and LEADS_MIN_FREE_MB left free on its disk. Past
 * either: 503 in French, nothing read, nothing written; the form keeps everything.
 *
 * What must stay true: the answer costs at most one walk of LEADS_DIR per second (the sizes are
 * kept that long), so a burst of requests cannot turn the check itself into the load; meanwhile
 * each admitted request counts with its announced size, so a burst cannot slip past the cap.
 * An upload still arriving after that second is not counted until it is stored: the outbox may
 * pass its cap by what is in flight (each at most the estimate route's 40 MB).
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

/** `incomingBytes`: the request's Content-Length, or its route's limit when it announces none. */
export function outboxRoom({ dir, maxBytes, minFreeBytes }: Pick<LeadsSettings, "dir" | "maxBytes" | "minFreeBytes">): OutboxRoom {
  let measured: { at: number; used: number; free: number } | null = null
  return async (incomingBytes) => {
    try {
      if (!measured || performance.now() - measured.at > MEASURE_EVERY_MS) {
        measured = { at: performance.now(), used: await bytesUnder(dir), free: await freeBytes(dir) }
      }
    } catch (error) {
      console.error(`leads : place de ${dir} illisible`, error)
      return OUTBOX_FULL()
    }
    const full = measured.used + incomingBytes > maxBytes || measured.free - incomingBytes < minFreeBytes
    if (full) return OUTBOX_FULL()
    // Counted as stored until the next walk: requests admitted within one second add up.
    measured.used += incomingBytes
    measured.free -= incomingBytes
    return null
  }
}
