/**
 * @jest-environment node
 *
 * Personal data in disguise out of maxAi's unanswered questions (issue 49): a corpus of questions
 * as visitors type them with a name, a street, a disguised e-mail, a document's number, a date of
 * birth, a card, an IBAN or a phone number in any spacing (__tests__/data/personal-questions.json),
 * each recorded through the real store into a real questions.json, which must hold none of it; and
 * maxAi's own evaluation set, whose ordinary questions must come out of the mask unchanged.
 */
import { readFileSync } from "node:fs"
import { questionTerms } from "../../src/server/chat/answer"
import { siteContent } from "../../src/server/chat/handler"
import { ChatIndex } from "../../src/server/chat/search-index"
import { maskPersonalData } from "../../src/server/questions/mask"
import { QuestionStore } from "../../src/server/questions/store"
import corpus from "../data/personal-questions.json"
import { EVAL_SET } from "../helpers/chat-eval"
import { tempDir } from "../helpers/estimate-server"

const index = new ChatIndex(siteContent())
const termsOf = (masked: string) => questionTerms(index, masked)

describe("questions with personal data in disguise", () => {
  it("holds at least 80 of them, each with what must not be kept", () => {
    expect(corpus.questions.length).toBeGreaterThanOrEqual(80)
    for (const { question, secrets } of corpus.questions) expect([question, secrets.length > 0]).toEqual([question, true])
  })

  it("stores every one masked: no name, street, e-mail, number, date of birth nor invisible character in questions.json", async () => {
    const store = new QuestionStore(tempDir())
    const asked = corpus.questions.map(({ question }, rank) => ({ text: question, at: new Date(Date.UTC(2026, 10, 1, 0, rank)) }))
    const written = await store.recordAll(asked, termsOf, new Date("2026-11-28T00:00:00Z"))
    // Each question names a different garment: each is kept, in a group of its own.
    expect(written).toHaveLength(corpus.questions.length)
    const file = readFileSync(store.file, "utf8")
    // A whole word or number ("jean" the name, not "jeans" the garment of another question); the
    // questions are dated at minutes 00 to 81, so a secret of two digits must be over 81.
    const holds = (secret: string) => new RegExp(`(?<![\\p{L}\\d])${secret.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\d])`, "iu").test(file)
    const kept = corpus.questions.flatMap(({ question, secrets }) => secrets.filter(holds).map((secret) => `« ${secret} » de « ${question} »`))
    expect(kept).toEqual([])
    expect(file).not.toMatch(/[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/)
  })

  it("says what was masked, in words the owner reads", () => {
    expect(maskPersonalData("Je suis Jean Dupont, 12 rue de Rivoli, jean.dupont(at)gmail.com, passeport 12AB34567, né le 03/04/1985")).toBe(
      "Je suis [nom], [adresse], [e-mail], passeport [numéro], né le [date de naissance]",
    )
    expect(maskPersonalData("ma carte 4970 1012 3456 7890 cvv 123, tel 06 12 34 56 78")).toBe("ma carte [numéro] cvv [code], tel [téléphone]")
  })
})

describe("maxAi's ordinary questions", () => {
  it("come out of the mask unchanged, every question of the evaluation set and its history", () => {
    const typed = EVAL_SET.flatMap((entry) => [entry.question, ...(entry.history ?? []).filter((turn) => turn.from === "visitor").map((turn) => turn.text)])
    expect(typed.length).toBeGreaterThanOrEqual(150)
    expect(typed.filter((question) => maskPersonalData(question) !== question)).toEqual([])
  })
})
