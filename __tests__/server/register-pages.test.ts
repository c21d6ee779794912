/**
 * @jest-environment node
 *
 * The register's pages over the production server with a real register (src/server/inbox/register-page.ts):
 * the shop's identity at their head (content/legal.json as the studio holds it), the search by
 * name, order number, identity number and dates, followed by the CSV, the print view and the
 * labels; each view logged with the account's e-mail (« Consultations du registre »), the log
 * pruned after a year; the labels one barcode per number, behind the session.
 */
import { mkdirSync, readFileSync, rmdirSync, unlinkSync, writeFileSync } from "node:fs"
import path from "node:path"
import { ConsultationLog } from "../../src/server/register/consultations"
import { Register } from "../../src/server/register/register"
import { purchase } from "../helpers/buyback"
import { clockAt } from "../helpers/clock"
import { tempDir } from "../helpers/estimate-server"
import { loginCookie, OWNER, startStudioServer, type StudioServer } from "../helpers/studio-server"

jest.setTimeout(60_000)
// A November evening, moved on by the test of the CSV's name (the session stays within its 12 hours).
clockAt("2026-11-30T20:00:00Z")
process.env.LEADS_DIR = tempDir()
const REGISTER_DIR = tempDir("maxai-registre-")
const LOG = `${REGISTER_DIR}-consultations.jsonl`
const register = new Register(REGISTER_DIR)
let studio: StudioServer
let cookie: string

const seller = (surname: string, first_names: string, id_number: string, address = "3 rue des Lilas, 69003 Lyon") => ({
  ...purchase("x").seller,
  surname,
  first_names,
  id_number,
  address,
})

beforeAll(async () => {
  await register.append(purchase("20261120-0900-AAAAAA", { seller: seller("Martin", "Claire", "X4RTBPFW4") }), new Date("2026-11-20T10:00:00Z"))
  await register.append(
    purchase("20261122-0900-BBBBBB", { seller: seller("Lefèvre", "Paul", "09AB12345", "12, rue de l'Église\nAppartement 3B\n69002 Lyon") }),
    new Date("2026-11-22T10:00:00Z"),
  )
  await register.append(purchase("20261125-0900-CCCCCC", { seller: seller("Martin", "Luc", "Z9Z9Z9Z9") }), new Date("2026-11-25T10:00:00Z"))
  studio = await startStudioServer({ registerDir: REGISTER_DIR })
  cookie = await loginCookie(studio.base)
  const legal = path.join(studio.siteDir, "content", "legal.json")
  const content = JSON.parse(readFileSync(legal, "utf8"))
  content.publisher.name = "Fripes Lyon SAS"
  content.publisher.registration = "SIRET 123 456 789 00012 – RCS Lyon"
  writeFileSync(legal, JSON.stringify(content, null, 2))
})
afterAll(() => studio.stop())

const get = (address: string, headers: Record<string, string> = { Cookie: cookie }) => fetch(`${studio.base}/admin/registre/${address}`, { headers })
const text = async (address: string) => (await get(address)).text()
const rows = (html: string) => [...html.matchAll(/<tr id="n(\d+)">/g)].map((match) => Number(match[1]))
const logged = () =>
  readFileSync(LOG, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { account: string; view: string; seen: string; previous?: string; mac?: string })
    .map(({ previous: _previous, mac: _mac, ...consultation }) => consultation)

test("the page carries the shop's name, address, SIRET and prefecture receipt (« à compléter » while a placeholder), and multi-line fields as lines", async () => {
  const html = await text("")
  expect(html).toContain("Fripes Lyon SAS")
  expect(html).toContain("SIRET 123 456 789 00012 – RCS Lyon")
  expect(html).toMatch(/Déclaration en préfecture<\/dt><dd><span class="missing">à compléter/)
  expect(html).toContain("12, rue de l&#39;Église<br>Appartement 3B<br>69002 Lyon")
  expect(html).toContain("Étiquette d&#39;origine<br>Petit accroc au col")
  expect(html).toContain("achat à un particulier, demande n° 20261122-0900-BBBBBB")
})

test("search by name, order number, identity number and dates; the CSV and the print view follow the filter", async () => {
  expect(rows(await text("?q=martin"))).toEqual([1, 3])
  expect(rows(await text("?q=lefevre"))).toEqual([2])
  expect(rows(await text("?q=2"))).toEqual([2])
  expect(rows(await text("?q=z9z9"))).toEqual([3])
  expect(rows(await text("?du=2026-11-21&au=2026-11-24"))).toEqual([2])
  // The dates the wrong way round: the days between them, never an empty page.
  expect(rows(await text("?du=2026-11-24&au=2026-11-21"))).toEqual([2])
  const filtered = await text("?q=martin&du=2026-11-21")
  expect(rows(filtered)).toEqual([3])
  expect(filtered).toContain('href="/admin/registre/registre.csv?q=martin&#38;du=2026-11-21"')
  expect(filtered).toContain('href="/admin/registre/etiquettes?numeros=3"')
  const csv = await text("registre.csv?q=martin&du=2026-11-21")
  expect(csv.trim().split("\r\n")).toHaveLength(2)
  expect(csv.split("\r\n")[1]).toMatch(/^3;.*;Martin;Luc;/)
  const print = await text("impression?q=martin")
  expect(rows(print)).toEqual([1, 3])
  expect(print).toContain("Fripes Lyon SAS")
  expect(print).toContain("recherche « martin »".replace(" »", "\u00a0»").replace("« ", "«\u00a0"))
})

test("every view is logged before it is sent, with the account's e-mail and what was seen; « Consultations du registre » lists them", async () => {
  writeFileSync(LOG, "")
  await text("?q=martin")
  await text("impression?du=2026-11-22")
  await text("registre.csv")
  await text("etiquettes?numeros=1-2")
  await text("?rectifier=2")
  expect(logged()).toEqual([
    { at: expect.any(String), account: OWNER.email, view: "page", seen: "recherche « martin » : n° 1, 3" },
    { at: expect.any(String), account: OWNER.email, view: "impression", seen: "du 22 novembre 2026 : n° 2 à 3" },
    { at: expect.any(String), account: OWNER.email, view: "csv", seen: "tout le registre : n° 1 à 3" },
    { at: expect.any(String), account: OWNER.email, view: "etiquettes", seen: "n° 1 à 2" },
    { at: expect.any(String), account: OWNER.email, view: "rectification", seen: "entrée n° 2" },
  ])
  const page = await text("consultations")
  expect(page).toContain("Consultations du registre")
  expect(page).toContain(OWNER.email)
  expect(page).toContain("Vue d'impression")
  expect(page.indexOf("Formulaire de rectification")).toBeLessThan(page.indexOf("Page du registre"))
  // Without a session: nothing seen, nothing logged.
  expect((await get("consultations", {})).status).toBe(401)
  expect((await get("?q=martin", {})).status).toBe(401)
  expect(logged()).toHaveLength(5)
})

test("the CSV's file is named by the day in Paris: at 0 h 30 on 1 December there, 30 November in UTC", async () => {
  jest.setSystemTime(new Date("2026-11-30T23:30:00Z"))
  expect((await get("registre.csv")).headers.get("content-disposition")).toBe('attachment; filename="registre-2026-12-01.csv"')
})

test("the log keeps a year: older lines are dropped (at start and daily) behind a sweep's line, the others kept as written, the chain intact", async () => {
  const file = path.join(tempDir("maxai-registre-"), "consultations.jsonl")
  const old = { at: "2025-11-01T10:00:00.000Z", account: "ancien@exemple.fr", view: "page", seen: "tout le registre : n° 1" }
  const recent = { at: "2026-06-01T10:00:00.000Z", account: OWNER.email, view: "csv", seen: "tout le registre : n° 1 à 3" }
  // Written before the chain: sealed as it stands the first time it is read.
  writeFileSync(file, `${JSON.stringify(old)}\n${JSON.stringify(recent)}\n`)
  const log = new ConsultationLog(file, () => register.chainKey())
  await log.record({ account: OWNER.email, view: "etiquettes", seen: "n° 3" }, new Date("2026-11-28T09:00:00Z"))
  expect(await log.check()).toEqual({ ok: true, count: 3 })
  const sealed = readFileSync(file, "utf8").split("\n").filter(Boolean)
  expect(await log.prune(new Date("2026-11-28T10:00:00Z"))).toBe(1)
  const lines = readFileSync(file, "utf8").split("\n").filter(Boolean)
  expect(lines).toEqual([expect.stringContaining('"dropped":1'), sealed[1], sealed[2]])
  expect(await log.check()).toEqual({ ok: true, count: 3 })
  expect((await log.list(new Date("2026-11-28T10:00:00Z"))).map((line) => line.view)).toEqual(["etiquettes", "csv"])
  // The next sweep drops the older sweep's line with the lines it stood for, and still chains.
  expect(await log.prune(new Date("2027-06-15T10:00:00Z"))).toBe(1)
  expect(await log.check()).toEqual({ ok: true, count: 2 })
})

test("a line of the log deleted, changed or added without the register's key is named on « Consultations du registre »", async () => {
  await text("?q=martin")
  await text("registre.csv")
  await text("impression")
  const written = readFileSync(LOG, "utf8")
  const lines = written.split("\n").filter(Boolean)
  expect(lines.length).toBeGreaterThanOrEqual(3)
  const checked = async () => (await text("consultations")).replace(/&#39;/g, "'").replace(/[\u00a0\u202f]/g, " ")
  expect(await checked()).toMatch(/Journal intact : \d+ lignes, chaînées avec la clé du registre/)
  const second = JSON.parse(lines[1]!) as Record<string, unknown>
  const tries: [string, string[], RegExp][] = [
    ["deleted", [lines[0]!, ...lines.slice(2)], /Journal des consultations altéré : la ligne n° 2 ne suit pas la précédente/],
    ["first deleted", lines.slice(1), /Journal des consultations altéré : la ligne n° 1 ne commence pas le journal/],
    [
      "changed",
      [lines[0]!, JSON.stringify({ ...second, account: "autre@exemple.fr" }), ...lines.slice(2)],
      /la ligne n° 2 a été modifiée ou ajoutée sans la clé du registre/,
    ],
    [
      "added",
      [...lines, JSON.stringify({ at: "2026-11-30T20:00:00.000Z", account: "x@exemple.fr", view: "page", seen: "rien" })],
      new RegExp(`la ligne n° ${lines.length + 1} n'est pas chaînée`),
    ],
  ]
  try {
    for (const [, forged, named] of tries) {
      writeFileSync(LOG, forged.map((line) => `${line}\n`).join(""))
      expect(await checked()).toMatch(named)
    }
  } finally {
    writeFileSync(LOG, written, { mode: 0o600 })
  }
  expect(await checked()).toContain("Journal intact")
})

test("labels of numbers not in the register say so in words, and unreadable numbers say where labels are asked for", async () => {
  const none = (await text("etiquettes?numeros=90-91")).replace(/&#39;/g, "'").replace(/[\u00a0\u202f]/g, " ")
  expect(none).toContain("Aucune étiquette : aucun de ces numéros n'est dans le registre.")
  expect(none).not.toContain("n° aucun")
  const unreadable = (await text("etiquettes?numeros=abc")).replace(/[\u00a0\u202f]/g, " ")
  expect(unreadable).toContain("Numéros illisibles : touchez « Étiquette » sur une ligne du registre")
  expect(unreadable).not.toContain("?numeros=")
})

test("labels: one Code 128 barcode and large number per entry asked, A4 or 62 mm roll; unreadable numbers 400; 401 without a session", async () => {
  const html = await text("etiquettes?numeros=1-3")
  expect(html.match(/<li class="label">/g)).toHaveLength(3)
  for (const number of [1, 2, 3]) {
    expect(html).toContain(`<span class="label-number">N° ${number}</span>`)
    expect(html).toContain(`aria-label="Code-barres du n° ${number}"`)
  }
  expect(html.match(/<svg class="barcode"/g)).toHaveLength(3)
  expect(html).toContain('class="labels labels-a4"')
  expect(html).toContain("20 novembre 2026")
  expect(html).toContain("Lacoste · Polo · T. M")
  expect(await text("etiquettes?numeros=2&format=rouleau")).toContain('class="labels labels-rouleau"')
  expect(await text("etiquettes?numeros=3,9")).toContain("Pas dans le registre\u00a0: n° 9.")
  const bad = await get("etiquettes?numeros=abc")
  expect(bad.status).toBe(400)
  expect(await bad.text()).toContain("Numéros illisibles")
  expect((await get("etiquettes?numeros=1-3", {})).status).toBe(401)
  expect((await get("registre.css")).headers.get("content-type")).toMatch(/text\/css/)
})

test("the page shows the same verdict as the command when the last entry is cut", async () => {
  const last = path.join(REGISTER_DIR, "00000003.json")
  const bytes = readFileSync(last)
  unlinkSync(last)
  try {
    const html = await text("")
    expect(html).toMatch(/Registre altéré\s:\sil manque l(&#39;|')entrée 3 depuis le point de contrôle n°\s\d+ du /)
  } finally {
    writeFileSync(last, bytes, { mode: 0o600 })
  }
  expect(await text("")).toContain("Registre intact")
})

test("an entry replaced by a folder: the page, its print view and its CSV answer with « Registre altéré » and the entries before it, never a 500", async () => {
  const last = path.join(REGISTER_DIR, "00000003.json")
  const bytes = readFileSync(last)
  unlinkSync(last)
  mkdirSync(last)
  try {
    const page = await get("")
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toMatch(/Registre altéré\s:\sl(&#39;|')entrée n°\s3 est illisible/)
    expect(rows(html)).toEqual([1, 2])
    expect((await get("impression")).status).toBe(200)
    expect((await get("registre.csv")).status).toBe(200)
  } finally {
    rmdirSync(last)
    writeFileSync(last, bytes, { mode: 0o600 })
  }
  expect(await text("")).toContain("Registre intact")
})

test("an unknown address of the register answers the owner's browser with a French page and the way back, a script with JSON", async () => {
  const page = await get("nulle-part", { Cookie: cookie, Accept: "text/html" })
  expect(page.status).toBe(404)
  expect(page.headers.get("content-type")).toMatch(/^text\/html/)
  const html = await page.text()
  expect(html).toContain("<h1>Page introuvable dans le registre.</h1>")
  expect(html).toContain('<a class="button" href="/admin/registre/">Retour au registre</a>')
  const script = await get("nulle-part", { Cookie: cookie, Accept: "application/json" })
  expect(script.status).toBe(404)
  expect(await script.json()).toEqual({ code: "not_found", error: "Page introuvable dans le registre." })
})
