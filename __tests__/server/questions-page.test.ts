/**
 * @jest-environment node
 *
 * /admin/questions/ (issue #40): the questions maxAi could not answer listed behind the owner's
 * session (most asked first), answered there into content/chat.json through the studio's
 * validated save (a commit by the account), after which the chat gives that answer to the
 * question and its other formulations; « Ignorer ». Real files, real sockets, real git. How the
 * questions are masked, grouped and recorded: questions.test.ts.
 */
import { execFileSync } from "node:child_process"
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import type { ChatContent } from "../../src/server/content"
import { siteContent, findAnswer } from "../../src/server/chat/handler"
import { QuestionStore } from "../../src/server/questions/store"
import { questionTerms } from "../../src/server/chat/answer"
import { ChatIndex } from "../../src/server/chat/search-index"
import { tempDir } from "../helpers/estimate-server"
import { loginCookie, startStudioServer, type StudioServer } from "../helpers/studio-server"
import { clockAt } from "../helpers/clock"

// The test's "now" (never the machine's date): a Thursday morning in November 2026, as its fixtures.
clockAt("2026-11-26T10:00:00Z")

jest.setTimeout(60_000)
// The served room reads the store of this process's LEADS_DIR, as the chat's function writes it.
const LEADS_DIR = tempDir()
process.env.LEADS_DIR = LEADS_DIR
const index = new ChatIndex(siteContent())
const termsOf = (masked: string) => questionTerms(index, masked)

describe("/admin/questions/", () => {
  let studio: StudioServer
  let cookie: string
  const room = (address = "") => `${studio.base}/admin/questions/${address}`
  const post = (address: string, fields: Record<string, string>, withCookie = true) =>
    fetch(room(address), {
      method: "POST",
      redirect: "manual",
      headers: {
        ...(withCookie ? { Cookie: cookie } : {}),
        Origin: studio.base,
        "Sec-Fetch-Site": "same-origin",
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "text/html",
      },
      body: new URLSearchParams(fields).toString(),
    })
  const page = async (address = "") => {
    const answer = await fetch(room(address), { headers: { Cookie: cookie, Accept: "text/html" } })
    return { status: answer.status, html: await answer.text() }
  }
  const idOf = (html: string, text: string) => {
    // The page's French typography puts a narrow no-break space before « ? »: the words before it are enough.
    const found = new RegExp(`href="/admin/questions/([0-9a-f]{12})">${text.replace(/ \?$/, "")}[^<]*<`).exec(html)
    if (!found) throw new Error(`« ${text} » absente de la liste`)
    return found[1]!
  }
  const git = (...args: string[]) =>
    execFileSync("git", ["-C", studio.siteDir, "-c", "user.name=t", "-c", "user.email=t@exemple.fr", ...args], { encoding: "utf8" })

  beforeAll(async () => {
    studio = await startStudioServer()
    cookie = await loginCookie(studio.base)
    git("init", "--quiet")
    git("add", "--all")
    git("commit", "--quiet", "-m", "départ")
    const store = new QuestionStore(LEADS_DIR)
    await store.record("Vous faites des ateliers de couture ?", termsOf)
    for (const text of ["Acceptez-vous les paiements en bitcoin ? 06 12 34 56 78", "paiement en bitcoin possible ?"]) await store.record(text, termsOf)
  })
  afterAll(() => studio.stop())

  it("answers 401 without the owner's session: the page, and every action", async () => {
    expect((await fetch(room(), { headers: { Accept: "text/html" } })).status).toBe(401)
    expect((await fetch(room(), { headers: { Accept: "application/json" } })).status).toBe(401)
    expect((await post("0123456789ab/ignorer", {}, false)).status).toBe(401)
  })

  it("refuses an action posted from another site's page, and changes nothing", async () => {
    const id = idOf((await page()).html, "Vous faites des ateliers de couture ?")
    const forged = await fetch(room(`${id}/ignorer`), {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: "https://ailleurs.example", "Sec-Fetch-Site": "cross-site", "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    })
    expect(forged.status).toBe(403)
    expect((await page()).html).toContain("ateliers de couture")
  })

  it("lists them most asked first, masked, in the inbox's frame", async () => {
    const { status, html } = await page()
    expect(status).toBe(200)
    expect(html).toContain('<a href="/admin/demandes/">Demandes</a>')
    expect(html).toContain('aria-current="page">Questions</a>')
    expect(html.indexOf("paiement en bitcoin possible")).toBeLessThan(html.indexOf("ateliers de couture"))
    expect(html).toContain("Posée 2\u00a0fois".replace("\u00a0", " "))
    expect(html).toContain("[téléphone]")
    expect(html).not.toContain("06 12 34 56 78")
  })

  it("refuses an empty answer in French, keeping what was typed", async () => {
    const id = idOf((await page()).html, "paiement en bitcoin possible ?")
    const refused = await post(`${id}/repondre`, { reponse: "  ", formulations: "Le bitcoin, c'est ok ?" })
    expect(refused.status).toBe(422)
    const html = await refused.text()
    expect(html).toContain("Écrivez la réponse de maxAi.")
    expect(html).toContain("Le bitcoin, c&#39;est ok ?")
  })

  it("« Répondre » saves a new answer into chat.json (a commit by the account); the chat gives it to the question and its formulations", async () => {
    const id = idOf((await page()).html, "paiement en bitcoin possible ?")
    const answer = "Nous n'acceptons pas les cryptomonnaies : les paiements passent par Vinted."
    const saved = await post(`${id}/repondre`, { reponse: answer, formulations: "Je peux régler en cryptomonnaie ?\n\n" })
    expect(saved.status).toBe(303)
    expect(saved.headers.get("location")).toBe("/admin/questions/?fait=repondue")
    expect((await page()).html).not.toContain("bitcoin")
    expect(git("log", "-1", "--format=%an|%s").trim()).toBe(`proprietaire@exemple.fr|Chat : réponse de maxAi à la question ${id}`)

    const chat = JSON.parse(readFileSync(path.join(studio.siteDir, "content", "chat.json"), "utf8")) as ChatContent
    const added = chat.intents.at(-1)!
    expect(added).toMatchObject({ answer, questions: expect.arrayContaining(["paiement en bitcoin possible ?", "Je peux régler en cryptomonnaie ?"]) })
    // The masks' words would read as keywords ("mail" is the contact intent's): left out.
    expect(JSON.stringify(added)).not.toContain("[téléphone]")
    const republished = { ...siteContent(), chat }
    for (const question of ["Acceptez-vous les paiements en bitcoin ?", "paiement en bitcoin possible ?", "Je peux régler en cryptomonnaie ?"]) {
      expect([question, findAnswer(question, republished).bot_response]).toEqual([question, answer])
    }
  })

  it("an answer takes nothing of the visitor's raw words: a group stored before today's masks is masked again, and the commit names no question", async () => {
    // As the store wrote it before the names, streets and disguised e-mails were masked (issue 49).
    const raw = "Je suis Jean Dupont, 12 rue de Rivoli, jean.dupont(at)gmail.com : vous reprenez les kilts ?"
    const old = { key: "dupont jean kilt repren rivoli", words: ["jean", "dupont", "rue", "rivoli", "reprenez", "kilts"], text: raw, variants: [], count: 1 }
    const at = new Date().toISOString()
    const file = path.join(LEADS_DIR, "questions.json")
    const stored = JSON.parse(readFileSync(file, "utf8")) as { questions: unknown[] }
    writeFileSync(file, JSON.stringify({ version: 1, questions: [...stored.questions, { ...old, first_seen: at, last_seen: at }] }))
    const id = idOf((await page()).html, "Je suis Jean Dupont")
    expect((await post(`${id}/repondre`, { reponse: "Oui, les kilts aussi.", formulations: "" })).status).toBe(303)
    const added = JSON.parse(readFileSync(path.join(studio.siteDir, "content", "chat.json"), "utf8")) as ChatContent
    const written = JSON.stringify(added.intents.at(-1)).toLowerCase()
    for (const secret of ["jean", "dupont", "rivoli", "gmail", "rue"]) expect([secret, written.includes(secret)]).toEqual([secret, false])
    expect(added.intents.at(-1)?.keywords).toEqual(["reprenez", "kilts"])
    const history = git("log", "--format=%B").toLowerCase()
    for (const secret of ["dupont", "rivoli", "kilts", "bitcoin"]) expect([secret, history.includes(secret)]).toEqual([secret, false])
  })

  it("a visitor's word the mask did not catch (a surname in lower case) never becomes a keyword; the form shows the keywords before saving", async () => {
    const old = {
      key: "kilt marchetti repren",
      words: ["marchetti", "reprenez", "kilts"],
      text: "marchetti ici, vous reprenez les kilts ?",
      variants: [],
      count: 1,
    }
    const at = new Date().toISOString()
    const file = path.join(LEADS_DIR, "questions.json")
    const stored = JSON.parse(readFileSync(file, "utf8")) as { questions: unknown[] }
    writeFileSync(file, JSON.stringify({ version: 1, questions: [...stored.questions, { ...old, first_seen: at, last_seen: at }] }))
    const id = idOf((await page()).html, "marchetti ici")
    const shown = (await page(id)).html
    expect(shown).toContain("Mots-clés retenus")
    expect(shown).not.toContain("<strong>marchetti</strong>")
    const preview = await post(`${id}/apercu`, { reponse: "Oui, nous reprenons aussi les kilts.", formulations: "" })
    expect(preview.status).toBe(200)
    const previewed = await preview.text()
    expect(previewed).toContain("<strong>kilts</strong>")
    expect(previewed).not.toContain("<strong>marchetti</strong>")
    expect(previewed).toContain("Oui, nous reprenons aussi les kilts.")
    expect((await post(`${id}/repondre`, { reponse: "Oui, nous reprenons aussi les kilts.", formulations: "" })).status).toBe(303)
    const added = JSON.parse(readFileSync(path.join(studio.siteDir, "content", "chat.json"), "utf8")) as ChatContent
    expect(added.intents.at(-1)?.keywords).toContain("kilts")
    expect(added.intents.at(-1)?.keywords).not.toContain("marchetti")
  })

  it("« Ignorer » erases the group without an answer", async () => {
    const id = idOf((await page()).html, "Vous faites des ateliers de couture ?")
    const ignored = await post(`${id}/ignorer`, {})
    expect(ignored.status).toBe(303)
    const { html } = await page(`${ignored.headers.get("location")?.replace("/admin/questions/", "")}`)
    expect(html).not.toContain("ateliers de couture")
    expect(html).toContain("Question ignorée et effacée.")
    expect(existsSync(path.join(LEADS_DIR, "questions.json"))).toBe(true)
  })

  it("the list asked with « ?fait=toString » (a word every object inherits) shows the list, without a notice", async () => {
    const { status, html } = await page("?fait=toString")
    expect(status).toBe(200)
    expect(html).not.toMatch(/function|\[native code\]/)
  })

  it("a questions' file cut by hand is said on the room's pages in French and never written over, not even by « Ignorer »", async () => {
    await new QuestionStore(LEADS_DIR).record("Vous livrez en Belgique ?", termsOf)
    const id = idOf((await page()).html, "Vous livrez en Belgique ?")
    const file = path.join(LEADS_DIR, "questions.json")
    const whole = readFileSync(file, "utf8")
    writeFileSync(file, whole.slice(0, 40))
    const words = "La liste des questions sans réponse est illisible"
    const listed = await page()
    expect(listed.status).toBe(409)
    expect(listed.html).toContain(words)
    expect((await page(id)).status).toBe(409)
    const ignored = await post(`${id}/ignorer`, {})
    expect(ignored.status).toBe(409)
    expect(await ignored.text()).toContain(words)
    expect(readFileSync(file, "utf8")).toBe(whole.slice(0, 40))
    writeFileSync(file, whole)
    expect((await page()).html).toContain("Vous livrez en Belgique")
  })
})
