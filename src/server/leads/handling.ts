/**
 * How the owner handles a request (the inbox at /admin/demandes/, src/server/inbox/): its status
 * and a private note, in handling.json beside the request (src/server/leads/outbox.ts), a file of
 * its own so it never races the courier's delivery.json. No handling.json means "nouvelle".
 *
 * What must stay true: `status_changed_at` moves only when the status does (retention counts from
 * it, ./retention.ts); a note alone changes `updated_at`, which the inbox compares to refuse an
 * edit made over another one it did not see.
 */
export const HANDLING_STATUSES = ["new", "in_progress", "offer_sent", "accepted", "refused", "paid", "archived"] as const

export type HandlingStatus = (typeof HANDLING_STATUSES)[number]

/** The owner's words for each status (the inbox, the CSV, npm run leads). */
export const HANDLING_WORDS: Readonly<Record<HandlingStatus, string>> = {
  new: "Nouvelle",
  in_progress: "En cours",
  offer_sent: "Proposition envoyée",
  accepted: "Acceptée",
  refused: "Refusée",
  paid: "Payée",
  archived: "Archivée",
}

/** Longest private note, in characters: room for a whole exchange pasted, not for a file. */
export const NOTE_MAX_LENGTH = 5000

export type Handling = {
  status: HandlingStatus
  note: string
  /** When the owner last set a different status (absent while "nouvelle"). */
  status_changed_at?: string
  /** When the owner last saved anything (the version an edit starts from). */
  updated_at?: string
}

export const NEW_REQUEST: Handling = { status: "new", note: "" }

export function isHandlingStatus(value: unknown): value is HandlingStatus {
  return typeof value === "string" && (HANDLING_STATUSES as readonly string[]).includes(value)
}

/** The record after the owner saved `status` and `note` at `now`. */
export function nextHandling(previous: Handling, change: { status: HandlingStatus; note: string }, now: Date): Handling {
  const at = now.toISOString()
  const changed = change.status !== previous.status
  const since = changed ? at : previous.status_changed_at
  return { status: change.status, note: change.note, ...(since ? { status_changed_at: since } : {}), updated_at: at }
}
