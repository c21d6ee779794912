/**
 * One consultation of the register of purchases, as its log keeps it (src/server/register/consultations.ts)
 * and its page shows it (« Consultations du registre », src/server/inbox/register-view.ts): the
 * arrêté of 15 May 2020 asks that every consultation of an electronic register be logged (who,
 * when, what), the log kept a year.
 */
export const CONSULTATION_VIEWS = {
  page: "Page du registre",
  impression: "Vue d'impression",
  csv: "Export CSV",
  etiquettes: "Étiquettes",
  rectification: "Formulaire de rectification",
} as const
export type ConsultationView = keyof typeof CONSULTATION_VIEWS

export type Consultation = {
  /** ISO 8601 */
  at: string
  /** The studio account's e-mail. */
  account: string
  view: ConsultationView
  /** What was seen, in the owner's words: the filter and the numbers shown. */
  seen: string
}

/** The log's check against the register's key: intact with its line count, or the first line changed, added or removed without it. */
export type LogVerdict = { ok: true; count: number } | { ok: false; line: number; problem: string }
