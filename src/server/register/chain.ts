/**
 * How entries are chained (./register.ts writes, ./verify.ts checks): each entry carries the
 * fingerprint of the previous entry's bytes (`previous_sha256`) and of its own content without
 * `sha256` (`sha256`). Since the key (./key.ts), both are HMAC-SHA256 with it and the entry says
 * `chain: "hmac-sha256"`; the entries written before the key are plain SHA-256.
 *
 * What must stay true: the fingerprint covers every field but `sha256` itself, in the order
 * written (JSON.stringify of the object as stored), so any change of any field shows.
 */
import { createHash, createHmac } from "node:crypto"
import type { RegisterEntry } from "../../contract/buyback"

export const FIRST_PREVIOUS = "0".repeat(64)

/** `key` null: plain SHA-256 (entries before the key). */
export function digest(data: string | Buffer, key: Buffer | null): string {
  return (key ? createHmac("sha256", key) : createHash("sha256")).update(data).digest("hex")
}

/** The entry's own fingerprint: its JSON without the `sha256` field, keys in the order written. */
export function ownHash(entry: Omit<RegisterEntry, "sha256"> & { sha256?: string }, key: Buffer | null): string {
  const { sha256: _ignored, ...rest } = entry
  return digest(JSON.stringify(rest), key)
}
