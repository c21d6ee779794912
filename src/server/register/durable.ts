/**
 * A file that appears whole under a name that did not exist, or not at all: written and fsync'd
 * aside, then link()ed onto its name (which fails if the name exists, so two writers can never
 * take one name), then the folder fsync'd. Used for the register's entries, its checkpoints and
 * its key: a kill -9 leaves the file whole or absent, never half, and nothing is ever overwritten.
 */
import { randomBytes } from "node:crypto"
import { link, open, rm } from "node:fs/promises"
import path from "node:path"
import { namesIn, syncPath } from "../files"

/** Leftovers of a crash before the link: `.<hex>.tmp` (src/server/register/register.ts clearLeftovers). */
export const LEFTOVER = /^\.[0-9a-f]+\.tmp$/

/** A numbered file's name: its number on eight digits (« 00000012.json »), so that names sort as numbers. */
export const numberedName = (number: number) => `${String(number).padStart(8, "0")}.json`
const NUMBERED = /^(\d{8})\.json$/

/** The numbers of the numbered files in `dir` (the register's entries, its checkpoints), in order; none before the first. */
export async function numbersIn(dir: string): Promise<number[]> {
  return (await namesIn(dir))
    .map((name) => NUMBERED.exec(name)?.[1])
    .filter((digits): digits is string => digits !== undefined)
    .map(Number)
    .sort((a, b) => a - b)
}

/** Writes `text` as `dir/name`, mode 600; false (nothing written) if that name exists. */
export async function createOnce(dir: string, name: string, text: string): Promise<boolean> {
  const target = path.join(dir, name)
  const temp = path.join(dir, `.${randomBytes(6).toString("hex")}.tmp`)
  try {
    const handle = await open(temp, "wx", 0o600)
    try {
      await handle.chmod(0o600)
      await handle.writeFile(text)
      await handle.sync()
    } finally {
      await handle.close()
    }
    try {
      await link(temp, target)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") return false
      throw error
    }
  } finally {
    await rm(temp, { force: true })
  }
  await syncPath(dir)
  return true
}
