/**
 * @jest-environment node
 *
 * The stock book at /admin/stock/ (issue 47), on the real server with the studio's door in front:
 * two garments of one request paid and written to a real register, their photos found in the
 * request's folder; every page and action 401 without the owner's session; the refusals in French
 * (amounts, a sale before the purchase, a link that is not Vinted's); put on sale, published in the
 * gallery through the studio's save (no cost in it), sold with its margin, the other withdrawn;
 * two devices; the month's four exports, on the page and by `npm run stock -- export`.
 */
import { readFileSync, renameSync, statSync, writeFileSync } from "node:fs"
import path from "node:path"
import Sqlite from "better-sqlite3"
import sharp from "sharp"
import { Register } from "../../src/server/register/register"
import { tempDir } from "../helpers/estimate-server"
import { runScript } from "../helpers/run-script"
import { clockAt } from "../helpers/clock"
import { garmentEntry, storeTwoGarmentRequest } from "../helpers/stock"
import { loginCookie, startStudioServer, type StudioServer } from "../helpers/studio-server"

jest.setTimeout(60_000)
// The last day of November 2026, whose exports the tests read: the garment withdrawn « today » is
// out of the stock at the month's end, and the page (this clock) and npm run stock (the machine's)
// count the stock at the same day, the month's last (a month not over counts today's).
clockAt("2026-11-30T10:00:00Z")
const LEADS_DIR = tempDir()
process.env.LEADS_DIR = LEADS_DIR
const REGISTER_DIR = tempDir("maxai-registre-")
const STOCK_DIR = path.join(tempDir("maxai-stock-"), "stock")
const REQUEST = "20261102-0900-K7Q2MX"

let studio: StudioServer
let cookie: string
const room = (rest = "") => `${studio.base}/admin/stock/${rest}`
/** The text with its no-break spaces (French typography, src/server/http/html.ts) read as spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ")
const page = async (rest = "") => plain(await (await fetch(room(rest), { headers: { Cookie: cookie, Accept: "text/html" } })).text())
const versionOf = (html: string, form: string) =>
  new RegExp(`action="/admin/stock/\\d+/${form}"[^>]*>[\\s\\S]*?name="version" value="(\\d+)"`).exec(html)?.[1] ?? ""

async function post(rest: string, fields: Record<string, string>, withSession = true): Promise<Response> {
  return fetch(room(rest), {
    method: "POST",
    redirect: "manual",
    headers: {
      ...(withSession ? { Cookie: cookie } : {}),
      Accept: "text/html",
      Origin: studio.base,
      "Sec-Fetch-Site": "same-origin",
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields).toString(),
  })
}

/** Posts a form of the item's page with the version that page shows now. */
async function act(number: number, form: string, fields: Record<string, string>): Promise<Response> {
  return post(`${number}/${form}`, { version: versionOf(await page(String(number)), form), ...fields })
}

beforeAll(async () => {
  storeTwoGarmentRequest(LEADS_DIR, REQUEST)
  const register = new Register(REGISTER_DIR)
  await register.append(garmentEntry(REQUEST, { index: 0, brand: "Lacoste", nature: "Polo", size: "M" }, 1500, "2026-11-03"))
  await register.append(garmentEntry(REQUEST, { index: 1, brand: "Ralph Lauren", nature: "Polo", size: "L", colour: "Marine" }, 2050, "2026-11-03"))
  // The purchase's record: 35,50 € for the garments and 6,40 € of postage refunded with them.
  const at = "2026-11-03T10:00:00.000Z"
  const payment = { amount_cents: 4190, postage_cents: 640, method: "virement", date: "2026-11-03", at, register_number: 1, register_numbers: [1, 2] }
  const record = { token: "b".repeat(32), stage: "paid", history: [{ stage: "paid", at }], updated_at: at, payment }
  writeFileSync(path.join(LEADS_DIR, REQUEST, "buyback.json"), JSON.stringify(record))
  studio = await startStudioServer({ registerDir: REGISTER_DIR, stock: { dir: STOCK_DIR, vatRateHundredths: 2000 } })
  cookie = await loginCookie(studio.base)
})
afterAll(() => studio.stop())

it("answers 401 without the owner's session: the list, an item, a photo, an export and every action", async () => {
  for (const rest of ["", "1", "vignettes/1.jpg", "exports/", "exports/marges.csv?periode=2026-11"]) {
    expect((await fetch(room(rest), { headers: { Accept: "application/json" } })).status).toBe(401)
  }
  expect((await fetch(room(), { headers: { Accept: "text/html" } })).status).toBe(401)
  for (const form of ["vente", "vendu", "retrait", "retour", "site"]) expect((await post(`1/${form}`, { version: "0" }, false)).status).toBe(401)
})

it("lists both garments with their order number, cost and photo, the count and the total cost in stock", async () => {
  const html = await page()
  expect(html).toContain("n° 1")
  expect(html).toContain("Lacoste · Polo · taille M")
  expect(html).toContain("Ralph Lauren · Polo · taille L")
  expect(html).toContain("2 articles en stock ou en vente, pour un coût total de <strong>35,50 €</strong>")
  // Copied from the request into STOCK_DIR, private: it outlives the request's erasure.
  expect(statSync(path.join(STOCK_DIR, "photos", "2-vignette.jpg")).mode & 0o777).toBe(0o600)
  const thumbnail = await fetch(room("vignettes/2.jpg"), { headers: { Cookie: cookie } })
  expect(thumbnail.headers.get("content-type")).toBe("image/jpeg")
  expect(thumbnail.headers.get("cache-control")).toBe("private, no-store")
  expect(await page("?marque=Lacoste")).not.toContain("Ralph Lauren · Polo")
})

it("keeps each photo once the request is erased; a garment without one shows the placeholder", async () => {
  const erased = path.join(tempDir("maxai-erased-"), REQUEST)
  renameSync(path.join(LEADS_DIR, REQUEST), erased)
  try {
    const kept = await fetch(room("photos/1.jpg"), { headers: { Cookie: cookie } })
    expect(kept.headers.get("content-type")).toBe("image/jpeg")
    expect((await sharp(Buffer.from(await kept.arrayBuffer())).metadata()).format).toBe("jpeg")
    const none = await fetch(room("photos/99.jpg"), { headers: { Cookie: cookie } })
    expect(none.headers.get("content-type")).toMatch(/^image\/svg\+xml/)
  } finally {
    renameSync(erased, path.join(LEADS_DIR, REQUEST))
  }
})

it("refuses, in French, amounts that are negative or absurd, a sale before the purchase and a link that is not Vinted's", async () => {
  const refused = async (form: string, fields: Record<string, string>, words: string, field?: string) => {
    const answer = await act(1, form, fields)
    expect(answer.status).toBe(400)
    const html = plain(await answer.text())
    expect(html).toContain(words)
    // The page comes back focused on the field to correct (the only autofocus), not at its top.
    if (field) expect(html).toMatch(new RegExp(`<(input|select|textarea) autofocus [^>]*name="${field}"`))
  }
  const sale = { prix: "45,50", frais: "", date: "2026-11-20", canal: "vinted", reference: "" }
  await refused("vendu", { ...sale, prix: "-5" }, "Un montant ne peut pas être négatif.")
  await refused("vendu", { ...sale, prix: "10 500" }, "Montant invraisemblable : 10 000 € au plus.")
  await refused("vendu", { ...sale, frais: "-1" }, "Un montant ne peut pas être négatif.", "frais")
  await refused("vendu", { ...sale, date: "2026-11-02" }, "La vente ne peut pas précéder l&#39;achat (payé le 3 novembre 2026).")
  for (const link of ["http://www.vinted.fr/items/1", "https://vinted.fr.exemple.com/items/1", "https://www.leboncoin.fr/1", "javascript:alert(1)"]) {
    await refused("vente", { vinted: link, prix_demande: "" }, "pas une annonce Vinted")
  }
  expect(await page("1")).toContain("En stock")
})

it("puts a garment on sale and on the site: the gallery's entry made through the studio's save, with no cost in it", async () => {
  expect((await act(2, "vente", { vinted: "https://www.vinted.fr/items/4242-polo-ralph-lauren", prix_demande: "49,90" })).status).toBe(303)
  // The listing's link and price stay in its form, and « Marquer vendu » starts from the asking price.
  const listed = await page("2")
  expect(listed).toMatch(
    /name="vinted"[^>]*value="https:\/\/www\.vinted\.fr\/items\/4242-polo-ralph-lauren"|value="https:\/\/www\.vinted\.fr\/items\/4242-polo-ralph-lauren"[^>]*name="vinted"/,
  )
  expect(listed).toMatch(/id="vendu-prix"[^>]*value="49,90"|value="49,90"[^>]*id="vendu-prix"/)
  const published = await act(2, "site", {})
  expect(published.status).toBe(303)
  expect(published.headers.get("location")).toBe("/admin/#/collections/listes/entries/sold-items")
  const gallery = JSON.parse(readFileSync(path.join(studio.siteDir, "content", "sold-items.json"), "utf8")) as { items: Array<Record<string, unknown>> }
  const entry = gallery.items[0]!
  expect(entry).toEqual({
    id: 16,
    brand: "Ralph Lauren",
    title: "Polo marine",
    price: 49.9,
    image: expect.stringMatching(/^images\/items\/[a-z0-9-]+\.jpg$/),
    views: 0,
    favorites: 0,
    category: "Polo",
    url: "https://www.vinted.fr/items/4242-polo-ralph-lauren",
    size: "L",
    condition: "Très bon état",
  })
  const raw = readFileSync(path.join(studio.siteDir, "content", "sold-items.json"), "utf8")
  expect(raw).not.toMatch(/cost_cents|"cost"|marge|margin|Martin|2050|\b20[.,]50?\b/)
  const html = await page("2")
  expect(html).toContain("Fiche n° 16 dans la galerie du site.")
  expect(html).toContain("En vente")
})

it("a full disk during « Marquer vendu » answers 503 in French, writes nothing and keeps what was typed", async () => {
  const shown = await page("2")
  // The change log's insert refused as SQLite refuses it on a full disk; every read still answered.
  const database = studio.database
  const realPrepare = database.prepare.bind(database)
  const write = jest.spyOn(database, "prepare").mockImplementation(((sql: string) => {
    const statement = realPrepare(sql)
    if (!sql.startsWith("INSERT INTO stock_changes")) return statement
    return Object.assign(Object.create(statement) as object, {
      run: () => {
        throw new Sqlite.SqliteError("database or disk is full", "SQLITE_FULL")
      },
    })
  }) as typeof database.prepare)
  try {
    const answer = await post("2/vendu", {
      version: versionOf(shown, "vendu"),
      prix: "47,90",
      frais: "1,10",
      date: "2026-11-20",
      canal: "vinted",
      reference: "V-777",
    })
    expect(answer.status).toBe(503)
    const html = plain(await answer.text())
    expect(html).toContain("Le disque du serveur est plein : rien n&#39;a été enregistré. Votre saisie est conservée")
    expect(html).toContain('value="47,90"')
    expect(html).toContain('value="V-777"')
  } finally {
    write.mockRestore()
  }
  expect(await page("2")).toContain("En vente")
})

it("marks it sold and shows its margin at once; another device's sale of the same garment is refused", async () => {
  const shown = await page("2")
  const version = versionOf(shown, "vendu")
  const sale = { version, prix: "45,50", frais: "3,20", date: "2026-11-20", canal: "vinted", reference: "V-981" }
  const first = await post("2/vendu", sale)
  expect(first.status).toBe(303)
  const second = await post("2/vendu", { ...sale, prix: "50" })
  expect(second.status).toBe(409)
  expect(plain(await second.text())).toContain("Cet article a été modifié ailleurs (autre onglet ou appareil)")
  const html = await page("2?fait=vendu")
  // 45,50 − 20,50 − 3,20
  expect(html).toContain("<strong>21,80 €</strong>")
  expect(html).toContain("Vente enregistrée.")
  // The gallery's card, published at the asking price (49,90 €), now shows what it sold for.
  const gallery = JSON.parse(readFileSync(path.join(studio.siteDir, "content", "sold-items.json"), "utf8")) as { items: Array<{ id: number; price: number }> }
  expect(gallery.items.find((entry) => entry.id === 16)?.price).toBe(45.5)
})

it("retires the other garment with its reason, kept in its history; a retired garment cannot be sold", async () => {
  expect((await act(1, "retrait", { motif: "don" })).status).toBe(303)
  const html = await page("1")
  expect(html).toContain("Retiré du stock : don")
  const sold = await post("1/vendu", { version: versionOf(html, "retour"), prix: "10", date: "2026-11-20", canal: "vinted" })
  expect(sold.status).toBe(409)
  expect(plain(await sold.text())).toContain("Cet article est retiré du stock")
})

it("gives the month's four exports, the same on the page, the files and npm run stock -- export", async () => {
  const csv = async (kind: string) => {
    const answer = await fetch(room(`exports/${kind}.csv?periode=2026-11`), { headers: { Cookie: cookie } })
    expect(answer.headers.get("content-disposition")).toBe(`attachment; filename="${kind}_2026-11-01_2026-11-30.csv"`)
    // The bytes as sent: fetch's text() would drop the BOM that French Excel needs.
    return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await answer.arrayBuffer())
  }
  const purchases = await csv("achats")
  expect(purchases.slice(0, 37)).toBe(`\uFEFF"N° d'ordre";"Date d'achat";Article;`)
  // The garments keep their price; the postage refunded is its own column, on the purchase's first line.
  expect(purchases).toContain('1;03/11/2026;Lacoste · Polo · taille M;"15,00";"6,40";Virement;')
  expect(purchases).toContain('2;03/11/2026;Ralph Lauren · Polo · taille L;"20,50";;Virement;')
  expect(purchases).toContain('Total;;2 article(s);"35,50";"6,40";;')
  const sales = await csv("ventes")
  expect(sales).toContain('2;20/11/2026;Ralph Lauren · Polo · taille L;Vinted;"45,50";"3,20";V-981')
  expect(sales).toContain('Total;;1 vente(s);;"45,50";"3,20";')
  const margins = await csv("marges")
  expect(margins).toContain('2;20/11/2026;Ralph Lauren · Polo · taille L;"20,50";"45,50";"25,00";"3,20";"21,80"')
  // 25,00 × 20 / 120 = 4,166… → 4,17 (an amount is quoted, its comma being the decimal one: French spreadsheets read it as a number)
  expect(margins).toContain('TVA sur marge;;taux 20 %;;;"4,17";;')
  expect(margins).toContain("régime de la marge bénéficiaire — art. 297 A du CGI")
  const stock = await csv("stock")
  expect(stock.split("\r\n").filter(Boolean)).toHaveLength(2)
  expect(stock).toContain('Total;;0 article(s) au 30/11/2026;"0,00";')

  const print = await page("exports/?periode=2026-11")
  expect(print).toContain("TVA sur marge : 4,17 €")
  expect(print).toMatch(/<th scope="col">Frais d'envoi remboursés<\/th>/)
  expect(print).toContain("1 vente(s)")
  expect(print).toContain("régime de la marge bénéficiaire — art. 297 A du CGI")

  const out = tempDir("maxai-exports-")
  const run = await runScript("stock.ts", ["export", "--from", "2026-11-01", "--to", "2026-11-30", "--dir", out], {
    // The server's own database: the command line reads it while the server runs.
    env: { REGISTER_DIR, STOCK_DIR, DATABASE_PATH: path.join(studio.dir, "data", "shop.sqlite") },
  })
  expect(run.code).toBe(0)
  for (const kind of ["achats", "ventes", "marges", "stock"]) {
    const file = path.join(out, `${kind}_2026-11-01_2026-11-30.csv`)
    expect(readFileSync(file, "utf8")).toBe(await csv(kind))
    expect(statSync(file).mode & 0o777).toBe(0o600)
  }
})

it("an item's page asked with « ?fait=toString » (a word every object inherits) shows the item, without a notice", async () => {
  const answer = await fetch(room("2?fait=toString"), { headers: { Cookie: cookie, Accept: "text/html" } })
  expect(answer.status).toBe(200)
  expect(plain(await answer.text())).not.toMatch(/function|\[native code\]/)
})
