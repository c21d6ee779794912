/**
 * A request's files checked as they are read back (src/contract/record-schemas.ts): lead.json,
 * delivery.json, handling.json (./outbox.ts read) and buyback.json (../buyback/store.ts read). A
 * file outside its schema throws UnreadableRecord, which the pages answer 409 with the French
 * sentence below (the inbox's list leaves the request out and logs it), never a 500 nor a page
 * rendered from it.
 */
import Ajv, { type ValidateFunction } from "ajv"
import { BUYBACK_SCHEMA, DELIVERY_SCHEMA, LEAD_SCHEMA, MOMENT, object, TEXT } from "../../contract/record-schemas"
import { HANDLING_STATUSES } from "./handling"

const HANDLING_SCHEMA = object({ status: { enum: [...HANDLING_STATUSES] }, note: TEXT, status_changed_at: MOMENT, updated_at: TEXT }, ["status", "note"])

const ajv = new Ajv({ strict: true, allErrors: false })
const SCHEMAS: Record<RecordFile, ValidateFunction> = {
  "lead.json": ajv.compile(LEAD_SCHEMA),
  "delivery.json": ajv.compile(DELIVERY_SCHEMA),
  "handling.json": ajv.compile(HANDLING_SCHEMA),
  "buyback.json": ajv.compile(BUYBACK_SCHEMA),
}

export type RecordFile = "lead.json" | "delivery.json" | "handling.json" | "buyback.json"

/** A request's file that does not hold to its schema (changed by hand, or by a bug). */
export class UnreadableRecord extends Error {
  readonly code = "EUNREADABLE"
  readonly status = 409
  constructor(
    readonly id: string,
    readonly file: RecordFile,
  ) {
    // The owner's words; the restore itself is docs/operations/backups.md#restore.
    super(
      `La demande n° ${id} est illisible : son fichier ${file} a été modifié hors du site. Rien n'y a été changé ; la personne qui s'occupe du serveur peut le restaurer depuis la sauvegarde.`,
    )
  }
}

/** `value` as read from `file` of request `id`, or UnreadableRecord. */
export function checkedRecord<T>(id: string, file: RecordFile, value: unknown): T {
  if (!SCHEMAS[file](value)) throw new UnreadableRecord(id, file)
  return value as T
}

/** The JSON object of `text`, read from `file` of request `id`; UnreadableRecord for anything else (cut, a list, null). */
export function parsedRecord(id: string, file: RecordFile, text: string): Record<string, unknown> {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new UnreadableRecord(id, file)
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) throw new UnreadableRecord(id, file)
  return value as Record<string, unknown>
}
