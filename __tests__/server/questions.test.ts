/**
 * @jest-environment node
 *
 * The questions maxAi could not answer (issue #40): masked before anything is written, grouped
 * with their near-duplicates, counted and dated in LEADS_DIR/questions.json, erased after 12
 * months; the chat records what it cannot answer, and only that. Their page at /admin/questions/:
 * questions-page.test.ts.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import { handleChat, siteContent } from "../../src/server/chat/handler"
import { maskPersonalData } from "../../src/server/questions/mask"
import { QuestionStore, RECORDING, recordUnanswered, UnreadableQuestions } from "../../src/server/questions/store"
import { questionTerms } from "../../src/server/chat/answer"
import { ChatIndex } from "../../src/server/chat/search-index"
import { tempDir } from "../helpers/estimate-server"
import { until } from "../helpers/smtp"

jest.setTimeout(60_000)
// The chat's function records in this process's LEADS_DIR, where the store is read.
const LEADS_DIR = tempDir()
process.env.LEADS_DIR = LEADS_DIR
const FALLBACK = siteContent().chat.fallback
const index = new ChatIndex(siteContent())
const termsOf = (masked: string) => questionTerms(index, masked)

describe("masking", () => {
  it.each([
    ["écrivez-moi à jean.dupont+chat@gmail.com svp", "écrivez-moi à [e-mail] svp"],
    ["appelez le 06 12 34 56 78 ou le 0612345678", "appelez le [téléphone] ou le [téléphone]"],
    ["mon numéro +33 6 12 34 56 78", "mon numéro [téléphone]"],
    ["virement sur FR76 3000 6000 0112 3456 7890 189 ?", "virement sur [IBAN] ?"],
    ["vous livrez au 75011 Paris ?", "vous livrez au [code postal] ?"],
    ["ma carte 4970 1012 3456 7890", "ma carte [numéro]"],
    ["un polo à 45 € en taille 42 ?", "un polo à 45 € en taille 42 ?"],
  ])("« %s » → « %s »", (typed, kept) => {
    expect(maskPersonalData(typed)).toBe(kept)
  })
})

describe("the store", () => {
  it("groups near-duplicates, counts them, keeps first and last seen, writes nothing personal", async () => {
    const store = new QuestionStore(tempDir())
    await store.record("Acceptez-vous les paiements en bitcoin ?", termsOf, new Date("2026-01-10T10:00:00Z"))
    await store.record("bitcoin, vous acceptez en paiement ? (marie@exemple.fr)", termsOf, new Date("2026-02-01T10:00:00Z"))
    await store.record("Vous faites des ateliers de couture ?", termsOf, new Date("2026-02-02T10:00:00Z"))
    const [first, second] = await store.list(new Date("2026-03-01T00:00:00Z"))
    expect(first).toMatchObject({
      text: "bitcoin, vous acceptez en paiement ? ([e-mail])",
      variants: ["Acceptez-vous les paiements en bitcoin ?"],
      count: 2,
      first_seen: "2026-01-10T10:00:00.000Z",
      last_seen: "2026-02-01T10:00:00.000Z",
    })
    expect(second).toMatchObject({ text: "Vous faites des ateliers de couture ?", count: 1 })
    const written = readFileSync(store.file, "utf8")
    expect(written).not.toContain("marie")
    expect(written).not.toContain("exemple.fr")
  })

  it("erases a group not asked for 12 months, and one handled at once", async () => {
    const store = new QuestionStore(tempDir())
    await store.record("Vous avez une newsletter ?", termsOf, new Date("2025-01-01T00:00:00Z"))
    await store.record("Vous recrutez ?", termsOf, new Date("2025-12-01T00:00:00Z"))
    expect((await store.list(new Date("2026-01-15T00:00:00Z"))).map((one) => one.text)).toEqual(["Vous recrutez ?"])
    const [left] = await store.list(new Date("2026-01-15T00:00:00Z"))
    expect(await store.remove(left!.key, new Date("2026-01-15T00:00:00Z"))).toBe(true)
    expect(await store.list(new Date("2026-01-15T00:00:00Z"))).toEqual([])
  })

  it("keeps nothing of a question without a meaningful word", async () => {
    const store = new QuestionStore(tempDir())
    expect(await store.record("a", termsOf)).toBeNull()
    expect(existsSync(store.file)).toBe(false)
  })

  it("sweeps the groups past their 12 months out of the file itself", async () => {
    const store = new QuestionStore(tempDir())
    await store.record("Vous avez une newsletter ?", termsOf, new Date("2025-01-01T00:00:00Z"))
    await store.record("Vous recrutez ?", termsOf, new Date("2025-12-01T00:00:00Z"))
    expect(await store.sweep(new Date("2026-01-15T00:00:00Z"))).toBe(1)
    expect(readFileSync(store.file, "utf8")).not.toContain("newsletter")
  })

  it("never writes over a file it cannot read: every change refused in French, the file left as it was", async () => {
    const store = new QuestionStore(tempDir())
    await store.record("Vous avez une newsletter ?", termsOf, new Date("2026-01-10T10:00:00Z"))
    const whole = readFileSync(store.file, "utf8")
    const cut = whole.slice(0, whole.length / 2)
    writeFileSync(store.file, cut)
    const refusal = "La liste des questions sans réponse est illisible : elle n'a pas été modifiée"
    await expect(store.record("Vous recrutez ?", termsOf, new Date("2026-01-11T10:00:00Z"))).rejects.toThrow(refusal)
    await expect(store.sweep(new Date("2026-01-12T10:00:00Z"))).rejects.toThrow(refusal)
    await expect(store.remove("newsletter", new Date("2026-01-12T10:00:00Z"))).rejects.toThrow(refusal)
    await expect(store.list(new Date("2026-01-12T10:00:00Z"))).rejects.toThrow(UnreadableQuestions)
    expect(readFileSync(store.file, "utf8")).toBe(cut)
    // Restored from the backup: read and written again, the newsletter's group still there.
    writeFileSync(store.file, whole)
    await store.record("Vous recrutez ?", termsOf, new Date("2026-01-13T10:00:00Z"))
    expect((await store.list(new Date("2026-01-14T10:00:00Z"))).map((one) => one.text).sort()).toEqual(["Vous avez une newsletter ?", "Vous recrutez ?"])
  })

  it("loses no question when many are recorded at once", async () => {
    const store = new QuestionStore(tempDir())
    await Promise.all(Array.from({ length: 20 }, () => store.record("Vous faites le black friday ?", termsOf)))
    expect((await store.list())[0]?.count).toBe(20)
  })
})

describe("the chat records what it cannot answer, and only that", () => {
  it("writes what a flood of questions asks once a second, at most RECORDING.maxPending of them", async () => {
    const file = path.join(LEADS_DIR, "questions.json")
    // The recording's one-second timer is moved by hand (only setTimeout is faked, until the write
    // has started); the disk runs for real, and the write is waited for with real timers.
    jest.useFakeTimers({
      doNotFake: ["Date", "hrtime", "nextTick", "performance", "queueMicrotask", "setImmediate", "clearImmediate", "setInterval", "clearInterval"],
    })
    const writes = jest.spyOn(QuestionStore.prototype, "recordAll")
    try {
      for (let count = 0; count < RECORDING.maxPending + 50; count += 1) recordUnanswered("Vous avez une chaîne youtube ?", termsOf)
      expect(existsSync(file)).toBe(false)
      // Just before the second is up, no write has started; at the second, one.
      jest.advanceTimersByTime(RECORDING.flushMs - 1)
      expect(writes).not.toHaveBeenCalled()
      jest.advanceTimersByTime(1)
      expect(writes).toHaveBeenCalledTimes(1)
    } finally {
      jest.useRealTimers()
      writes.mockRestore()
    }
    await until(() => existsSync(file))
    const store = new QuestionStore(LEADS_DIR)
    expect((await store.list()).map(({ text, count }) => [text, count])).toEqual([["Vous avez une chaîne youtube ?", RECORDING.maxPending]])
    await store.remove((await store.list())[0]!.key)
  })

  const ask = (message: string, record: (text: string, terms: typeof termsOf) => void) =>
    handleChat(
      {
        method: "POST",
        contentType: "application/json",
        body: JSON.stringify({ message, user_name: "Marie Curie", user_email: "marie@exemple.fr" }),
      },
      record,
    )

  it("hands over the question alone for the honest answer, nothing for an answered one", () => {
    const recorded: Array<{ text: string; key: string }> = []
    const record = (text: string, terms: typeof termsOf) => void recorded.push({ text, key: terms(text).key })
    expect(ask("Vous vendez des cartes cadeaux ?", record).body).toEqual({ bot_response: FALLBACK, unanswered: true })
    expect(ask("Comment fonctionne le rachat ?", record).body).not.toEqual({ bot_response: FALLBACK })
    expect(recorded).toEqual([{ text: "Vous vendez des cartes cadeaux ?", key: questionTerms(index, "Vous vendez des cartes cadeaux ?").key }])
  })
})
