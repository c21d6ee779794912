/**
 * @jest-environment node
 *
 * A form sent after the session ended loses nothing (issue 60): « Marquer vendu » posted without a
 * session gets the login page (401, in French) with what was typed kept in it; a wrong password
 * keeps it still; the login then offers « Envoyer ma saisie », which sends it to the stock and
 * records the sale. A kept form aimed anywhere but a room of the studio is never offered.
 */
import path from "node:path"
import { Register } from "../../../src/server/register/register"
import { purchase } from "../../helpers/buyback"
import { clockAt } from "../../helpers/clock"
import { tempDir } from "../../helpers/estimate-server"
import { loginCookie, OWNER, startStudioServer, type StudioServer } from "../../helpers/studio-server"

clockAt("2026-11-28T10:00:00Z")
process.env.LEADS_DIR = tempDir()
const REGISTER_DIR = tempDir("maxai-registre-")
let studio: StudioServer

beforeAll(async () => {
  await new Register(REGISTER_DIR).append(purchase("20261120-0900-AAAAAA"), new Date("2026-11-20T10:00:00Z"))
  studio = await startStudioServer({ registerDir: REGISTER_DIR, stock: { dir: path.join(tempDir("maxai-stock-"), "stock"), vatRateHundredths: 2000 } })
})
afterAll(() => studio.stop())

const plain = async (answer: Response) => (await answer.text()).replace(/[\u00a0\u202f]/g, " ")
const unescaped = (text: string) => text.replace(/&#(\d+);/g, (_entity, code: string) => String.fromCharCode(Number(code)))
const post = (address: string, fields: Record<string, string>, cookie = "") =>
  fetch(`${studio.base}${address}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      ...(cookie ? { Cookie: cookie } : {}),
      Accept: "text/html",
      Origin: studio.base,
      "Sec-Fetch-Site": "same-origin",
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields).toString(),
  })
/** The hidden fields of the page's form, as the browser would post them. */
const hiddenFields = (html: string) =>
  Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [match[1]!, unescaped(match[2]!)]))

test("« Marquer vendu » after the session ended: the login keeps what was typed, through a wrong password, and sends it with one tap", async () => {
  const cookie = await loginCookie(studio.base)
  const page = await plain(await fetch(`${studio.base}/admin/stock/1`, { headers: { Cookie: cookie, Accept: "text/html" } }))
  const version = /action="\/admin\/stock\/1\/vendu"[\s\S]*?name="version" value="(\d+)"/.exec(page)?.[1] ?? ""
  // Logged out in another tab, then « Marquer vendu » on the page still open.
  await post("/admin/logout", {}, cookie)
  const sale = { version, prix: "47,90", frais: "1,10", date: "2026-11-27", canal: "vinted", reference: "V-777" }
  const ended = await post("/admin/stock/1/vendu", sale)
  expect(ended.status).toBe(401)
  const login = await plain(ended)
  expect(unescaped(login)).toContain("Votre session a pris fin : reconnectez-vous. Ce que vous avez saisi est conservé")
  const saisie = hiddenFields(login).saisie ?? ""
  expect(JSON.parse(saisie)).toEqual({ action: "/admin/stock/1/vendu", fields: sale })

  const wrong = await post("/admin/login", { email: OWNER.email, password: "pas-le-bon", suite: "/admin/stock/", saisie })
  expect(wrong.status).toBe(401)
  expect(hiddenFields(await plain(wrong)).saisie).toBe(saisie)

  const right = await post("/admin/login", { email: OWNER.email, password: OWNER.password, suite: "/admin/stock/", saisie })
  expect(right.status).toBe(200)
  const again = (right.headers.get("set-cookie") ?? "").split(";")[0] ?? ""
  const resend = await plain(right)
  expect(unescaped(resend)).toContain("Vous êtes reconnecté")
  expect(resend).toContain('<form method="post" action="/admin/stock/1/vendu">')
  expect(resend).toContain("Envoyer ma saisie")
  expect(hiddenFields(resend)).toEqual(sale)
  // The owner's tap: the sale is recorded, as if the session had never ended.
  const sent = await post("/admin/stock/1/vendu", hiddenFields(resend), again)
  expect(sent.status).toBe(303)
  expect(await plain(await fetch(`${studio.base}/admin/stock/1`, { headers: { Cookie: again, Accept: "text/html" } }))).toContain("Vendu")
})

test.each([
  ["another site", "https://evil.example/admin/stock/1/vendu"],
  ["the studio's API", "/admin/api/v1"],
  ["a path out of the room", "/admin/stock/../../suivi/x"],
])("a kept form aimed at %s is never offered: the login goes on as usual", async (_case, action) => {
  const saisie = JSON.stringify({ action, fields: { prix: "1" } })
  const answer = await post("/admin/login", { email: OWNER.email, password: OWNER.password, suite: "/admin/stock/", saisie })
  expect(answer.status).toBe(303)
  expect(answer.headers.get("location")).toBe("/admin/stock/")
})
