/**
 * The questions maxAi could not answer, in LEADS_DIR/questions.json beside the outbox (issue #40):
 * grouped with their near-duplicates (the same key), counted, first and last seen. The chat
 * records them (src/server/chat/handler.ts, through the function of src/api/chat.ts); the owner
 * reads, answers or ignores them at /admin/questions/ (./router.ts).
 *
 * What must stay true:
 *   - nothing personal is written: the text is masked here (./mask.ts) before it is kept, and the
 *     group's key is computed from the masked text; no address, name or IP ever reaches this file;
 *   - the file is written whole or not at all, fsync'd (src/server/files.ts); one that cannot be
 *     read (cut, changed by hand) is never written over: every change is refused with
 *     UnreadableQuestions, in French, until it is restored, so no group is lost to an empty list;
 *   - one change at a time per file in the process, whichever bundle calls (the chat's compiled
 *     function and the host's router each have their own copy of this module): the queue lives on
 *     globalThis, so no record is lost to two writers;
 *   - a group not asked for QUESTION_LIMITS.retentionDays is erased at the next read or write, a
 *     handled one (answered or ignored) at once.
 */
import { mkdir, readFile } from "node:fs/promises"
import path from "node:path"
import { QUESTION_LIMITS, type QuestionsFile, type UnansweredQuestion } from "../../contract/questions"
import { writeFileAtomic } from "../files"
import { readLeadsSettings } from "../settings"
import { maskPersonalData } from "./mask"
import { addressMayRecord } from "./per-address"
import { clock } from "../clock"

export const QUESTIONS_FILE = "questions.json"

const DAY_MS = 24 * 60 * 60 * 1000

/** What the chat reads in a (masked) question: its group key and its meaningful words (src/server/chat/answer.ts questionTerms). */
export type QuestionTerms = (masked: string) => { key: string; words: string[] }

const QUEUES = Symbol.for("maxai.questionsQueues")

/** Runs `change` after every change to the same file asked before it, in this process. */
function serialised<T>(file: string, change: () => Promise<T>): Promise<T> {
  const global = globalThis as { [QUEUES]?: Map<string, Promise<unknown>> }
  const queues = (global[QUEUES] ??= new Map())
  const run = (queues.get(file) ?? Promise.resolve()).then(change, change)
  const settled = run.catch(() => undefined)
  queues.set(file, settled)
  void settled.then(() => {
    if (queues.get(file) === settled) queues.delete(file)
  })
  return run
}

/** Most asked first; among equals, the latest asked first. */
export function mostAskedFirst(questions: readonly UnansweredQuestion[]): UnansweredQuestion[] {
  return [...questions].sort((a, b) => b.count - a.count || b.last_seen.localeCompare(a.last_seen))
}

/**
 * The groups still within their time at `now`, at most QUESTION_LIMITS.groups: past it, what the
 * owner opened is kept first, then the most asked, then the latest asked (a flood of one-off
 * questions pushes out other one-off questions, never the owner's work nor what visitors keep asking).
 */
function kept(questions: readonly UnansweredQuestion[], now: Date): UnansweredQuestion[] {
  const limit = now.getTime() - QUESTION_LIMITS.retentionDays * DAY_MS
  const opened = (question: UnansweredQuestion) => (question.opened_at ? 1 : 0)
  return questions
    .filter((question) => Date.parse(question.last_seen) >= limit)
    .sort((a, b) => opened(b) - opened(a) || b.count - a.count || b.last_seen.localeCompare(a.last_seen))
    .slice(0, QUESTION_LIMITS.groups)
}

function isQuestion(value: unknown): value is UnansweredQuestion {
  const question = value as Partial<UnansweredQuestion> | null
  return (
    typeof question?.key === "string" &&
    Array.isArray(question.words) &&
    typeof question.text === "string" &&
    Array.isArray(question.variants) &&
    typeof question.count === "number" &&
    typeof question.first_seen === "string" &&
    typeof question.last_seen === "string"
  )
}

/** The questions' file cannot be read: nothing is written over it. The owner's words; the file's path is in the server's log. */
export class UnreadableQuestions extends Error {
  readonly status = 409
  constructor(file: string) {
    super(
      "La liste des questions sans réponse est illisible : elle n'a pas été modifiée, et aucune question n'y est ajoutée tant que la personne qui s'occupe du serveur ne l'a pas restaurée depuis la sauvegarde.",
    )
    console.error(`questions : ${file} illisible (coupé ou modifié à la main) : rien n'y est écrit tant qu'il n'est pas restauré`)
  }
}

export class QuestionStore {
  readonly file: string

  constructor(readonly dir: string) {
    this.file = path.join(dir, QUESTIONS_FILE)
  }

  private async read(): Promise<UnansweredQuestion[]> {
    let raw: string
    try {
      raw = await readFile(this.file, "utf8")
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return []
      throw error
    }
    let parsed: Partial<QuestionsFile> | null
    try {
      parsed = JSON.parse(raw) as Partial<QuestionsFile> | null
    } catch {
      throw new UnreadableQuestions(this.file)
    }
    if (!Array.isArray(parsed?.questions)) throw new UnreadableQuestions(this.file)
    return parsed.questions.filter(isQuestion)
  }

  private async write(questions: readonly UnansweredQuestion[]): Promise<void> {
    await mkdir(this.dir, { recursive: true })
    const data: QuestionsFile = { version: 1, questions: [...questions] }
    await writeFileAtomic(this.file, `${JSON.stringify(data, null, 2)}\n`)
  }

  /** The groups within their time, most asked first. */
  async list(now = clock.now()): Promise<UnansweredQuestion[]> {
    return mostAskedFirst(kept(await this.read(), now))
  }

  async find(key: string, now = clock.now()): Promise<UnansweredQuestion | null> {
    return (await this.list(now)).find((question) => question.key === key) ?? null
  }

  /**
   * Counts one more asking of each question, in one write: masked first, then grouped by the key
   * `termsOf(masked)` gives (the chat's stemmed terms). A question with no meaningful word ("a",
   * "?") says nothing to learn from and is not kept. Returns the groups as written.
   */
  recordAll(asked: ReadonlyArray<{ text: string; at: Date }>, termsOf: QuestionTerms, now = clock.now()): Promise<UnansweredQuestion[]> {
    const entries = asked.flatMap(({ text, at }) => {
      // Twice the length kept is masked, then cut: no datum is cut in half before its mask, and no 2000-character message costs more than it must.
      const masked = maskPersonalData(
        text
          .replace(/\s+/g, " ")
          .trim()
          .slice(0, 2 * QUESTION_LIMITS.text),
      ).slice(0, QUESTION_LIMITS.text)
      // The masks' own words ("[e-mail]") group nothing: two questions differing by an address meet.
      const terms = termsOf(masked.replace(/\[[^\]]*\]/g, " "))
      return terms.key === "" ? [] : [{ masked, terms, at: at.toISOString() }]
    })
    if (entries.length === 0) return Promise.resolve([])
    return serialised(this.file, async () => {
      const byKey = new Map(kept(await this.read(), now).map((question) => [question.key, question]))
      const touched = new Set<string>()
      for (const { masked, terms, at } of entries) {
        const earlier = byKey.get(terms.key)
        byKey.set(
          terms.key,
          earlier
            ? {
                ...earlier,
                text: masked,
                variants: [earlier.text, ...earlier.variants].filter((variant) => variant !== masked).slice(0, QUESTION_LIMITS.variants),
                count: earlier.count + 1,
                last_seen: at,
              }
            : { key: terms.key, words: terms.words, text: masked, variants: [], count: 1, first_seen: at, last_seen: at },
        )
        touched.add(terms.key)
      }
      await this.write(kept([...byKey.values()], now))
      return [...touched].flatMap((key) => byKey.get(key) ?? [])
    })
  }

  /** One question recorded at once (see recordAll). */
  async record(text: string, termsOf: QuestionTerms, now = clock.now()): Promise<UnansweredQuestion | null> {
    return (await this.recordAll([{ text, at: now }], termsOf, now))[0] ?? null
  }

  /** Erases the groups past their time (at start and daily, ./router.ts): the file never keeps one longer than a day past it. */
  sweep(now = clock.now()): Promise<number> {
    return serialised(this.file, async () => {
      const questions = await this.read()
      const left = kept(questions, now)
      if (left.length === questions.length) return 0
      await this.write(left)
      return questions.length - left.length
    })
  }

  /** The owner opened the group's page: marked once, so a full list keeps it (see kept). */
  markOpened(key: string, now = clock.now()): Promise<void> {
    return serialised(this.file, async () => {
      const questions = kept(await this.read(), now)
      const question = questions.find((one) => one.key === key)
      if (!question || question.opened_at) return
      question.opened_at = now.toISOString()
      await this.write(questions)
    })
  }

  /** The group handled (answered or ignored): erased at once. False when it was not there. */
  remove(key: string, now = clock.now()): Promise<boolean> {
    return serialised(this.file, async () => {
      const questions = kept(await this.read(), now)
      const left = questions.filter((question) => question.key !== key)
      if (left.length === questions.length) return false
      await this.write(left)
      return true
    })
  }
}

/** The store of this process's outbox folder (LEADS_DIR, read as the leads service reads it). */
export function questionStore(): QuestionStore {
  return new QuestionStore(readLeadsSettings().settings.dir)
}

/** Questions waiting for the next write, per process (both bundles share it, like the queue). */
const PENDING = Symbol.for("maxai.questionsPending")

/** At most one write a second, at most this many questions waiting: a flood of questions costs one write a second, and bounded memory. */
export const RECORDING = { flushMs: 1000, maxPending: 200 } as const

/**
 * What the chat's function calls for each honest "I don't know": kept in memory and written with
 * the others of the same second (the visitor's answer never waits on the disk); past
 * RECORDING.maxPending waiting, or past QUESTION_LIMITS.perAddressPerDay from the visitor's address
 * (./per-address.ts), dropped. A failure is logged without the questions' text.
 */
export function recordUnanswered(text: string, termsOf: QuestionTerms, address?: string): void {
  const global = globalThis as { [PENDING]?: { asked: Array<{ text: string; at: Date }>; termsOf: QuestionTerms; timer: NodeJS.Timeout | null } }
  const pending = (global[PENDING] ??= { asked: [], termsOf, timer: null })
  // The latest function's reading: after a republication, the new content's words.
  pending.termsOf = termsOf
  if (pending.asked.length >= RECORDING.maxPending || (address !== undefined && !addressMayRecord(address))) return
  pending.asked.push({ text, at: clock.now() })
  pending.timer ??= setTimeout(() => {
    const asked = pending.asked.splice(0)
    pending.timer = null
    questionStore()
      .recordAll(asked, pending.termsOf)
      .catch((error: unknown) => console.error(`questions : ${asked.length} question(s) sans réponse non enregistrée(s)`, error))
  }, RECORDING.flushMs)
}
