/**
 * @jest-environment node
 *
 * Every page survives any odd value in what is stored (issue 59): a request paid for two
 * garments, written to a real register, then its files changed by hand, one kind of odd value
 * at a time in every text of the request, its follow-up, its buy-back record and its register
 * entries (an inherited name, markup, a direction override, a 10,000-character text, nothing, a
 * number, null, a list, an object). Every page of the owner's rooms and the seller's answers
 * below 500 and never sends the markup as markup.
 */
import { readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import type { Buyback } from "../../src/contract/buyback"
import { leadGarments } from "../../src/contract/garments"
import { accept, makeOffer } from "../../src/server/buyback/offer-steps"
import { receive } from "../../src/server/buyback/reception-steps"
import { Buybacks } from "../../src/server/buyback/store"
import { Outbox } from "../../src/server/leads/outbox"
import { Register } from "../../src/server/register/register"
import { offerForm, receptionForm, SELLER_FORM, storeRequest, TWO_GARMENTS } from "../helpers/buyback"
import { clockAt } from "../helpers/clock"
import { tempDir } from "../helpers/estimate-server"
import { loginCookie, startStudioServer, type StudioServer } from "../helpers/studio-server"

jest.setTimeout(120_000)
clockAt("2026-11-28T10:00:00Z")
const NOW = new Date("2026-11-27T10:00:00Z")
const ID = "20261126-0900-K7Q2MX"
const LEADS_DIR = tempDir()
process.env.LEADS_DIR = LEADS_DIR
const REGISTER_DIR = tempDir("maxai-registre-")
const MARKUP = "<script>alert(1)</script>"

/** What stays as written: the names the pages are found by and the chain's own fields. */
const KEPT = new Set(["token", "id", "kind", "request", "number", "chain", "previous_sha256", "sha256", "file"])
const ODD: [string, unknown][] = [
  ["an inherited name", "toString"],
  ["another inherited name", "__proto__"],
  ["markup", MARKUP],
  ["a direction override", "\u202eevil"],
  ["a very long text", "é".repeat(10_000)],
  ["nothing", ""],
  ["a number", 12345],
  ["null", null],
  ["a list", ["toString"]],
  ["an object", { constructor: "x" }],
]

/** `value` with every leaf but KEPT's replaced by `odd`. */
function oddened(value: unknown, odd: unknown, key = ""): unknown {
  if (KEPT.has(key)) return value
  if (Array.isArray(value)) return value.map((item) => oddened(item, odd))
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, oddened(inner, odd, name)]))
  return odd
}

/** The fields a schema holds to a form or a list (moments, days, choices): kept, so the texts alone are odd and the pages render them. */
const SHAPED = /(?:^at|_at|date|_until|^stage|^status|^verdict|^method|^answer|^rejected_choice|^id_type|^from|^type|^iban)$/

/** `value` with every free text replaced by `odd` (a text in the form it had, else left). */
function oddTexts(value: unknown, odd: string, key = ""): unknown {
  if (KEPT.has(key) || SHAPED.test(key)) return value
  if (Array.isArray(value)) return value.map((item) => oddTexts(item, odd, key === "photos" || key === "delivered" ? "file" : ""))
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, oddTexts(inner, odd, name)]))
  return typeof value === "string" ? odd : value
}

let studio: StudioServer
let cookie: string
let token = ""
const files: string[] = []

beforeAll(async () => {
  const outbox = new Outbox(LEADS_DIR)
  const register = new Register(REGISTER_DIR)
  const buybacks = new Buybacks(outbox, register)
  await storeRequest(outbox, ID, "2026-11-26T09:00:00.000Z", "claire@exemple.fr", TWO_GARMENTS)
  await buybacks.open(ID)
  await buybacks.apply(ID, (b, stored) => makeOffer(b, offerForm(["35,50", "20"], "2026-12-04"), NOW, leadGarments(stored.lead)))
  await buybacks.apply(ID, (b: Buyback) => accept(b, { ...SELLER_FORM, version: String(b.terms ?? 0) }, NOW))
  const verdicts = [
    { verdict: "conforme" as const, description: "Polo blanc" },
    { verdict: "conforme" as const, description: "Pull marine" },
  ]
  await buybacks.apply(ID, (b, stored) => receive(b, receptionForm(verdicts), NOW, leadGarments(stored.lead)))
  const ready = (await buybacks.read(ID))!
  expect(await buybacks.pay(ID, { montant: "55,50", mode: "virement", date: "2026-11-27" }, ready.updated_at, NOW)).toMatchObject({ ok: true })
  token = (await buybacks.read(ID))!.token
  const dir = outbox.leadDir(ID)
  files.push(
    ...["lead.json", "handling.json", "buyback.json"].map((name) => path.join(dir, name)),
    ...["00000001.json", "00000002.json"].map((name) => path.join(REGISTER_DIR, name)),
  )
  studio = await startStudioServer({ registerDir: REGISTER_DIR, stock: { dir: path.join(tempDir("maxai-stock-"), "stock"), vatRateHundredths: 2000 } })
  cookie = await loginCookie(studio.base)
})
afterAll(() => studio.stop())

const PAGES = () => [
  "/admin/demandes/",
  `/admin/demandes/${ID}`,
  "/admin/demandes/export.csv",
  `/suivi/${token}/`,
  `/suivi/${token}/bordereau/`,
  "/admin/registre/",
  "/admin/registre/impression",
  "/admin/registre/registre.csv",
  "/admin/registre/etiquettes?numeros=1-2",
  "/admin/registre/?rectifier=1",
  "/admin/registre/consultations",
  "/admin/stock/",
  "/admin/stock/1",
  "/admin/stock/exports/",
  "/admin/stock/exports/marges.csv?periode=2026-11",
]

/** Every page with the files rewritten by `change`: the pages answering 500, or sending the markup as markup. */
async function brokenPages(change: (value: unknown) => unknown, rendered: readonly string[] = []): Promise<string[]> {
  const written = files.map((file) => readFileSync(file, "utf8"))
  try {
    for (const [index, file] of files.entries()) writeFileSync(file, JSON.stringify(change(JSON.parse(written[index]!)), null, 2))
    const broken: string[] = []
    for (const page of PAGES()) {
      const answer = await fetch(`${studio.base}${page}`, { headers: { Cookie: cookie, Accept: "text/html" } })
      const body = await answer.text()
      // A CSV is no page: its texts are the export's (formulas neutralised: inbox.test.ts).
      const html = (answer.headers.get("content-type") ?? "").startsWith("text/html")
      if (answer.status >= 500 || (html && body.includes(MARKUP)))
        broken.push(`${page} : ${answer.status}${html && body.includes(MARKUP) ? " (balise envoyée telle quelle)" : ""}`)
      else if (rendered.includes(page) && answer.status !== 200) broken.push(`${page} : ${answer.status} au lieu de la page`)
    }
    return broken
  } finally {
    for (const [index, file] of files.entries()) writeFileSync(file, written[index]!)
  }
}

test.each(ODD)(
  "with %s in every stored field, every page answers below 500 (« illisible » where a file left its schema) and shows no markup as markup",
  async (_kind, odd) => {
    expect(await brokenPages((value) => oddened(value, odd))).toEqual([])
  },
)

test.each(ODD.filter((kind): kind is [string, string] => typeof kind[1] === "string"))(
  "with %s in every free text (moments, days and choices as written), the request's, the seller's and the register's pages are shown, markup as text",
  async (_kind, odd) => {
    // The register's entries no longer match their fingerprints: « Registre altéré », its rows still shown.
    expect(await brokenPages((value) => oddTexts(value, odd), [`/admin/demandes/${ID}`, `/suivi/${token}/`, "/admin/registre/", "/admin/demandes/"])).toEqual(
      [],
    )
  },
)
