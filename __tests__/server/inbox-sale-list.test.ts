/**
 * @jest-environment node
 *
 * The inbox's list as the owner uses it to know what she owes (issue 48), over the production
 * server with real sockets, outbox and register: each card names the seller once known, the
 * garments and the offer or amount owed; « À payer » (accepted or received, not paid) with its
 * total in euros; « Expirée »; the search by name (accents or not), e-mail or request number.
 */
import { leadGarments } from "../../src/contract/garments"
import { accept, makeOffer } from "../../src/server/buyback/offer-steps"
import { receive } from "../../src/server/buyback/reception-steps"
import { Buybacks } from "../../src/server/buyback/store"
import { Outbox } from "../../src/server/leads/outbox"
import { Register } from "../../src/server/register/register"
import { offerForm, receptionForm, SELLER_FORM, storeRequest, TWO_GARMENTS } from "../helpers/buyback"
import { tempDir } from "../helpers/estimate-server"
import { loginCookie, startStudioServer, type StudioServer } from "../helpers/studio-server"
import { clockAt } from "../helpers/clock"
import { runScript } from "../helpers/run-script"

// The test's "now" (never the machine's date): a Thursday morning in November 2026, as its fixtures.
clockAt("2026-11-26T10:00:00Z")

jest.setTimeout(60_000)
const LEADS_DIR = tempDir()
process.env.LEADS_DIR = LEADS_DIR
const REGISTER_DIR = tempDir("maxai-registre-")
const ACCEPTED = "20261120-0900-AAAAAA"
const RECEIVED = "20261121-0900-BBBBBB"
const EXPIRED = "20261122-0900-CCCCCC"
const WAITING = "20261123-0900-DDDDDD"
let studio: StudioServer
let cookie: string

beforeAll(async () => {
  const outbox = new Outbox(LEADS_DIR)
  const buybacks = new Buybacks(outbox, new Register(REGISTER_DIR))
  const now = new Date()
  type Step = Parameters<Buybacks["apply"]>[1]
  const sale = async (id: string, email: string, steps: Step[], garments?: typeof TWO_GARMENTS) => {
    await storeRequest(outbox, id, `${id.slice(0, 4)}-${id.slice(4, 6)}-${id.slice(6, 8)}T09:00:00.000Z`, email, garments)
    for (const step of steps) expect((await buybacks.apply(id, step))?.ok).toBe(true)
  }
  const offer =
    (amounts: string[], valable = "2099-12-31", at = now): Step =>
    (b, stored) =>
      makeOffer(b, offerForm(amounts, valable), at, leadGarments(stored.lead))
  const accepted =
    (form = {}): Step =>
    (b) =>
      accept(b, { ...SELLER_FORM, ...form, version: String(b.terms) }, now)
  await sale(ACCEPTED, "claire@exemple.fr", [offer(["35,50"]), accepted()])
  // Two garments offered 20 € and 10 €, the pull refused on arrival: 20 € owed, not the offer's 30 €.
  await sale(
    RECEIVED,
    "h.dupont@exemple.fr",
    [
      offer(["20", "10"]),
      accepted({ nom: "Dupont", prenom: "Hélène" }),
      (b, stored) =>
        receive(
          b,
          receptionForm([{ verdict: "conforme", description: "Polo blanc taille S" }, { verdict: "refuse" }], "Pull troué."),
          now,
          leadGarments(stored.lead),
        ),
    ],
    TWO_GARMENTS,
  )
  // An offer made in January, valid ten days: its last day is long past.
  await sale(EXPIRED, "paul@exemple.fr", [offer(["12"], "2026-01-15", new Date("2026-01-05T10:00:00Z"))])
  await sale(WAITING, "zoe@exemple.fr", [])
  studio = await startStudioServer({ registerDir: REGISTER_DIR })
  cookie = await loginCookie(studio.base)
})
afterAll(() => studio.stop())

const list = async (query = "") => {
  const answer = await fetch(`${studio.base}/admin/demandes/${query}`, { headers: { Cookie: cookie } })
  expect(answer.status).toBe(200)
  return (await answer.text()).replace(/\u00a0|\u202f/g, " ")
}
const shownIds = (html: string) => [...html.matchAll(/<p class="meta">n° (\d{8}-\d{4}-[A-Z]{6})/g)].map(([, id]) => id)

test("the list needs the owner's session", async () => {
  expect((await fetch(`${studio.base}/admin/demandes/?vue=a-payer`)).status).toBe(401)
})

test("cards name the seller once known, the garments and the amount as the sale stands", async () => {
  const html = await list()
  expect(shownIds(html)).toEqual([WAITING, EXPIRED, RECEIVED, ACCEPTED])
  expect(html).toContain(`<a href="/admin/demandes/${ACCEPTED}">Claire Martin · <span class="email">claire@exemple.fr</span></a>`)
  expect(html).toContain('<p class="sale">1 article · à payer 35,50 €</p>')
  // The garments kept at their agreed prices, not the offer's total.
  expect(html).toContain('<p class="sale">2 articles · à payer 20 €</p>')
  expect(html).toContain('<p class="sale">1 article · proposition 12 € <span class="badge expired">Expirée</span></p>')
  expect(html).toContain('<p class="sale">1 article</p>')
})

test("« À payer »: the accepted and received sales not paid, with the total owed; « Expirée »: the offers past their last day", async () => {
  const all = await list()
  expect(all).toMatch(/href="\/admin\/demandes\/\?vue=a-payer">À payer <span class="count">2<\/span> <span class="total">55,50 €<\/span>/)
  expect(all).toMatch(/href="\/admin\/demandes\/\?vue=expiree">Expirée <span class="count">1<\/span>/)
  const owed = await list("?vue=a-payer")
  expect(shownIds(owed)).toEqual([RECEIVED, ACCEPTED])
  expect(owed).toContain("Total à payer : <strong>55,50 €</strong>")
  expect(owed).toContain('<h1>Demandes « À payer » <span class="count">2</span></h1>')
  expect(shownIds(await list("?vue=expiree"))).toEqual([EXPIRED])
})

test("the CSV export, from the inbox and from npm run leads, names the seller known at acceptance and the amount as the list shows it", async () => {
  const answer = await fetch(`${studio.base}/admin/demandes/export.csv`, { headers: { Cookie: cookie } })
  expect(answer.status).toBe(200)
  const cli = await runScript("leads.ts", ["--csv", "-"], { env: { LEADS_DIR, REGISTER_DIR } })
  expect(cli.code).toBe(0)
  for (const csv of [await answer.text(), cli.out]) {
    const row = (id: string) =>
      csv
        .split("\r\n")
        .find((line) => line.startsWith(id))
        ?.split(";")
    // N°, Type, Reçue le, E-mail, Nom, Articles, Montant (€)
    expect(row(RECEIVED)?.slice(3, 7)).toEqual(["h.dupont@exemple.fr", "Hélène Dupont", "2", '"20,00"'])
    expect(row(ACCEPTED)?.slice(4, 7)).toEqual(["Claire Martin", "1", '"35,50"'])
    expect(row(WAITING)?.slice(4, 7)).toEqual(["", "1", ""])
  }
})

test("the search finds a request by the seller's name with or without accents, by e-mail or by number, and keeps the view", async () => {
  expect(shownIds(await list("?q=helene"))).toEqual([RECEIVED])
  expect(shownIds(await list("?q=H%C3%A9L%C3%A8NE+dupont"))).toEqual([RECEIVED])
  expect(shownIds(await list("?q=claire%40exemple"))).toEqual([ACCEPTED])
  expect(shownIds(await list(`?q=${EXPIRED}`))).toEqual([EXPIRED])
  const searched = await list("?vue=a-payer&q=martin")
  expect(shownIds(searched)).toEqual([ACCEPTED])
  expect(searched).toContain('<input type="hidden" name="vue" value="a-payer">')
  expect(searched).toContain("Total à payer : <strong>35,50 €</strong>")
  const none = await list("?q=personne")
  expect(shownIds(none)).toEqual([])
  expect(none).toContain("Aucune demande pour « personne ».")
})
