/**
 * Files the server writes whole or not at all, durably: the outbox (src/server/leads/outbox.ts),
 * the studio's saves and its accounts file (src/server/studio/). A `*.tmp` left by a crash is
 * removed at start by whoever owns the folder (the outbox's clearLeftovers()).
 */
import { randomBytes } from "node:crypto"
import { open, readdir, rename, rm } from "node:fs/promises"
import path from "node:path"

/** fsync of a file or a folder (Linux and macOS open folders read-only for this). */
export async function syncPath(target: string): Promise<void> {
  const handle = await open(target, "r")
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/**
 * Writes `data` next to `file`, fsyncs it, renames it over and fsyncs the folder: readers see
 * the old or the new file, and after a power cut the new one. On failure nothing is left.
 */
export async function writeFileAtomic(file: string, data: string | Uint8Array, { mode }: { mode?: number } = {}): Promise<void> {
  const temp = `${file}.${randomBytes(4).toString("hex")}.tmp`
  try {
    const handle = await open(temp, "w")
    try {
      // Before a byte is written: a private file (accounts) is never readable by others, even for a moment.
      if (mode !== undefined) await handle.chmod(mode)
      await handle.writeFile(data)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temp, file)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
  await syncPath(path.dirname(file))
}

/** The names in a folder; none while it does not exist yet (a book before its first write). Any other failure is thrown. */
export async function namesIn(dir: string): Promise<string[]> {
  try {
    return await readdir(dir)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return []
    throw error
  }
}

/** At start, before any write: removes from `dir` the files a crash left aside (the names `isLeftover` accepts). */
export async function removeLeftovers(dir: string, isLeftover: (name: string) => boolean): Promise<void> {
  for (const name of await namesIn(dir)) if (isLeftover(name)) await rm(path.join(dir, name), { force: true })
}
