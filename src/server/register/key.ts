/**
 * The register's key (REGISTER_KEY_FILE, default beside REGISTER_DIR: data/registre-cle): 256
 * random bits with which every entry's chain hash is an HMAC-SHA256, so that someone who has only
 * the register's folder cannot append or rewrite an entry that verifies (a plain SHA-256 anyone can
 * recompute). Kept OUTSIDE the register's folder and backed up apart from it.
 *
 * What must stay true:
 * - created once, on first use, mode 600, never overwritten (./durable.ts createOnce);
 * - it records how many entries the register held when it was created (`unkeyed_entries`): those
 *   were chained with plain SHA-256 before the key existed and verify that way; every later one
 *   must carry `chain: "hmac-sha256"` (src/contract/buyback.ts). A plain entry after them fails;
 * - a missing key while keyed entries exist is never replaced by a new one (that would bless a
 *   forged register): verify and append refuse, asking for the backup.
 */
import { randomBytes } from "node:crypto"
import { mkdir, readFile } from "node:fs/promises"
import path from "node:path"
import { createOnce } from "./durable"
import { RegisterRefusal } from "./refusal"
import { clock } from "../clock"

export type RegisterKey = { key: Buffer; unkeyedEntries: number; createdAt: string }

type KeyFile = { key: string; created_at: string; unkeyed_entries: number }

/** The key cannot be used: missing while keyed entries exist, or unreadable. Said in French. */
export class RegisterKeyProblem extends RegisterRefusal {}

const HEX_KEY = /^[0-9a-f]{64}$/

/** The file's content checked: null when it is not a key file of ours. */
export function parseKeyFile(text: string): RegisterKey | null {
  try {
    const data = JSON.parse(text) as Partial<KeyFile>
    if (typeof data.key !== "string" || !HEX_KEY.test(data.key)) return null
    if (!Number.isSafeInteger(data.unkeyed_entries) || (data.unkeyed_entries ?? -1) < 0) return null
    return { key: Buffer.from(data.key, "hex"), unkeyedEntries: data.unkeyed_entries ?? 0, createdAt: String(data.created_at ?? "") }
  } catch {
    return null
  }
}

async function readKey(file: string): Promise<RegisterKey | null> {
  let text: string
  try {
    text = await readFile(file, "utf8")
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null
    throw error
  }
  const key = parseKeyFile(text)
  if (!key) throw new RegisterKeyProblem(`la clé du registre (${file}) est illisible : restaurez-la depuis la sauvegarde.`)
  return key
}

/**
 * The key, created if absent. `existing`: what the register holds now (its entry count, and
 * whether any entry is keyed), read only when the key must be created.
 */
export async function registerKey(file: string, existing: () => Promise<{ count: number; keyed: boolean }>, now = clock.now()): Promise<RegisterKey> {
  const found = await readKey(file)
  if (found) return found
  const { count, keyed } = await existing()
  if (keyed) {
    throw new RegisterKeyProblem(
      `la clé du registre (${file}) manque alors que ses entrées ont été écrites avec elle : restaurez-la depuis la sauvegarde (REGISTER_KEY_FILE).`,
    )
  }
  const created: KeyFile = { key: randomBytes(32).toString("hex"), created_at: now.toISOString(), unkeyed_entries: count }
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
  // Another process may create it at the same moment: the first one stays, both use it.
  await createOnce(path.dirname(file), path.basename(file), `${JSON.stringify(created, null, 2)}\n`)
  const kept = await readKey(file)
  if (!kept) throw new RegisterKeyProblem(`la clé du registre (${file}) n'a pas pu être créée.`)
  return kept
}
