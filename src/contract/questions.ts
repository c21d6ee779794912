/**
 * The questions maxAi could not answer (issue #40), as src/server/questions/ stores them in
 * LEADS_DIR/questions.json and the owner's page lists them. Text only, personal data masked
 * before anything is written (src/server/questions/mask.ts); no address, no name, no IP.
 */

/** One group of near-duplicate questions (the same meaningful terms, stemmed). */
export type UnansweredQuestion = {
  /** The group's terms, sorted and joined by spaces ("bitcoin paiement"): how near-duplicates meet. */
  key: string
  /** The group's meaningful words as the chat reads them (masked text, filler and asking words left out): the keywords of the owner's answer. */
  words: string[]
  /** The latest wording asked, masked. */
  text: string
  /** Other wordings of the group (masked, the latest first), at most QUESTION_LIMITS.variants. */
  variants: string[]
  /** How many times the group was asked. */
  count: number
  /** ISO dates. */
  first_seen: string
  last_seen: string
  /** When the owner first opened the group's page (ISO date): kept before any group never opened when the list is full. */
  opened_at?: string
}

export type QuestionsFile = { version: 1; questions: UnansweredQuestion[] }

export const QUESTION_LIMITS = {
  /** Groups kept: past it, those never opened by the owner and least asked go first, so a flood of new words neither grows the file without end nor pushes out what matters. */
  groups: 500,
  /** Questions recorded from one address in a day (memory only, never written): one address cannot fill the list. */
  perAddressPerDay: 30,
  variants: 5,
  /** Characters of one wording kept. */
  text: 300,
  /** A group not asked for this long is erased (the privacy policy says 12 months). */
  retentionDays: 365,
} as const
