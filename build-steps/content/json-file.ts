/**
 * Reads one content file the way an editor saved it and, when it cannot be used, says why in
 * French (json-text.ts quotes the line under a caret). Checked in this order, because each hides
 * the next: the file exists, it has no BOM, it is UTF-8, it is JSON.
 */
import fs from "node:fs"
import { bomProblem, missingProblem, parseJsonText, pointAt, type JsonRead } from "./json-text"

export type { JsonRead } from "./json-text"

/** Index of the first byte that breaks UTF-8, or -1 when the whole file is valid UTF-8. */
export function firstInvalidUtf8Byte(bytes: Uint8Array): number {
  let index = 0
  while (index < bytes.length) {
    const lead = bytes[index]!
    const extra = lead < 0x80 ? 0 : lead >= 0xc2 && lead <= 0xdf ? 1 : lead >= 0xe0 && lead <= 0xef ? 2 : lead >= 0xf0 && lead <= 0xf4 ? 3 : -1
    if (extra < 0) return index
    for (let next = 1; next <= extra; next += 1) {
      const byte = bytes[index + next]
      if (byte === undefined || byte < 0x80 || byte > 0xbf) return index
    }
    index += extra + 1
  }
  return -1
}

/** Reads and parses `file`; `label` is how editors know it (`content/site.json`). */
export function readJsonFile(file: string, label: string): JsonRead {
  if (!fs.existsSync(file)) return { problem: missingProblem(label) }
  const bytes = fs.readFileSync(file)
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { problem: bomProblem(label) }
  const invalid = firstInvalidUtf8Byte(bytes)
  if (invalid >= 0) {
    // Shown byte for byte (Latin-1), so the column counts bytes and the accent appears as typed.
    const byte = bytes[invalid]!
    const hex = byte.toString(16).toUpperCase().padStart(2, "0")
    return {
      problem: pointAt(
        label,
        bytes.toString("latin1"),
        invalid,
        `le fichier n'est pas enregistré en UTF-8 (octet 0x${hex}, sans doute « ${Buffer.from([byte]).toString("latin1")} » écrit en Windows-1252) ; réenregistrez-le en « UTF-8 »`,
      ),
    }
  }
  return parseJsonText(bytes.toString("utf8"), label)
}
