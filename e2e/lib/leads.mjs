/**
 * The served build's outbox, read the way the team would: the folder LEADS_DIR (the same value
 * the server was started with; default data/leads/ at the project root).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..")
export const LEADS_DIR = path.resolve(ROOT, process.env.LEADS_DIR ?? "data/leads")

/** The request `id` as stored (lead.json), with the names of the files beside it; null if absent. */
export function readLead(id) {
  const dir = path.join(LEADS_DIR, id)
  if (!existsSync(path.join(dir, "lead.json"))) return null
  return { lead: JSON.parse(readFileSync(path.join(dir, "lead.json"), "utf8")), files: readdirSync(dir).sort(), dir }
}

/** Every stored request of `kind` for `email`. */
export function leadsFor(kind, email) {
  if (!existsSync(LEADS_DIR)) return []
  return readdirSync(LEADS_DIR)
    .filter((name) => !name.startsWith("."))
    .map(readLead)
    .filter((entry) => entry && entry.lead.kind === kind && entry.lead.email === email)
}
