/**
 * @jest-environment node
 *
 * A flood of unanswered questions (issue 49: 500 new groups pushed the owner's real questions out):
 * a full list keeps what the owner has opened and what visitors ask most, and one address adds at
 * most QUESTION_LIMITS.perAddressPerDay questions a day. The real store and file, the owner's
 * page over a real socket.
 */
import { readFileSync } from "node:fs"
import path from "node:path"
import { QUESTION_LIMITS } from "../../src/contract/questions"
import { questionTerms } from "../../src/server/chat/answer"
import { siteContent } from "../../src/server/chat/handler"
import { questionId } from "../../src/server/questions/answer"
import { ChatIndex } from "../../src/server/chat/search-index"
import { QuestionStore, recordUnanswered } from "../../src/server/questions/store"
import { tempDir } from "../helpers/estimate-server"
import { until } from "../helpers/smtp"
import { loginCookie, startStudioServer } from "../helpers/studio-server"
import { clockAt } from "../helpers/clock"

// The test's "now" (never the machine's date): a Thursday morning in November 2026, as its fixtures.
clockAt("2026-11-26T10:00:00Z")

jest.setTimeout(60_000)
const LEADS_DIR = tempDir()
process.env.LEADS_DIR = LEADS_DIR
const index = new ChatIndex(siteContent())
const termsOf = (masked: string) => questionTerms(index, masked)

/** A made-up word per number, letters only (digits would be masked): a new group for each. */
const word = (rank: number) => `zq${[0, 1, 2].map((place) => String.fromCharCode(97 + (Math.floor(rank / 26 ** place) % 26))).join("")}`
const flood = (count: number, from: Date) =>
  Array.from({ length: count }, (_, rank) => ({ text: `Vous vendez des ${word(rank)} ?`, at: new Date(from.getTime() + rank * 1000) }))

test("a full list keeps the question the owner opened and the one asked most, and pushes out one-off questions", async () => {
  const studio = await startStudioServer()
  try {
    const store = new QuestionStore(LEADS_DIR)
    const start = new Date(Date.now() - 10 * 24 * 60 * 60 * 1000)
    const opened = await store.record("Vous faites des ateliers de couture ?", termsOf, start)
    for (let time = 0; time < 3; time += 1) await store.record("Vous acceptez les paiements en bitcoin ?", termsOf, start)
    await store.record("Vous avez une newsletter ?", termsOf, start)
    // The owner opens the first one's page.
    const page = await fetch(`${studio.base}/admin/questions/${questionId(opened!.key)}`, { headers: { Cookie: await loginCookie(studio.base) } })
    expect(page.status).toBe(200)

    await store.recordAll(flood(QUESTION_LIMITS.groups + 100, new Date(start.getTime() + 60_000)), termsOf)
    const kept = (await store.list()).map((question) => question.text)
    expect(kept).toHaveLength(QUESTION_LIMITS.groups)
    expect(kept).toContain("Vous faites des ateliers de couture ?")
    expect(kept).toContain("Vous acceptez les paiements en bitcoin ?")
    // A one-off question like the flood's own: pushed out by newer ones.
    expect(kept).not.toContain("Vous avez une newsletter ?")
  } finally {
    await studio.stop()
  }
})

test("one address adds at most its day's share; another address's question is still recorded, this computer's are not capped", async () => {
  const file = path.join(LEADS_DIR, "questions.json")
  for (const { text } of flood(QUESTION_LIMITS.perAddressPerDay + 30, new Date())) recordUnanswered(text.replace("vendez", "louez"), termsOf, "198.51.100.7")
  recordUnanswered("Vous faites de la broderie ?", termsOf, "203.0.113.9")
  // This computer's own address (development, the tests, or every visitor behind a proxy not declared in TRUST_PROXY) is not capped.
  for (const { text } of flood(QUESTION_LIMITS.perAddressPerDay + 5, new Date()))
    recordUnanswered(text.replace("vendez", "teignez"), termsOf, "::ffff:127.0.0.1")
  await until(() => readFileSync(file, "utf8").includes("broderie"))
  const list = await new QuestionStore(LEADS_DIR).list()
  expect(list.filter((question) => question.text.startsWith("Vous louez"))).toHaveLength(QUESTION_LIMITS.perAddressPerDay)
  expect(list.filter((question) => question.text.startsWith("Vous teignez"))).toHaveLength(QUESTION_LIMITS.perAddressPerDay + 5)
})
