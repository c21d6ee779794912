/**
 * @jest-environment node
 *
 * A correction of the register from /admin/registre/ (src/server/inbox/register-page.ts,
 * src/server/register/correction.ts) over the production server with a real register: behind the
 * session and the same-origin rule, a new entry naming the number it rectifies and what is
 * corrected, shown in the list and the CSV; the corrected entry untouched, the chain intact; a
 * second click writes nothing; every mistake named in French beside its field, what was typed kept.
 */
import { readFileSync } from "node:fs"
import path from "node:path"
import { Register } from "../../src/server/register/register"
import { purchase } from "../helpers/buyback"
import { tempDir } from "../helpers/estimate-server"
import { loginCookie, startStudioServer, type StudioServer } from "../helpers/studio-server"

jest.setTimeout(60_000)
process.env.LEADS_DIR = tempDir()
const REGISTER_DIR = tempDir("maxai-registre-")
const register = new Register(REGISTER_DIR)
let studio: StudioServer
let cookie: string

beforeAll(async () => {
  await register.append(purchase("20261120-0900-AAAAAA"))
  studio = await startStudioServer({ registerDir: REGISTER_DIR })
  cookie = await loginCookie(studio.base)
})
afterAll(() => studio.stop())

const page = async (address = "") => (await fetch(`${studio.base}/admin/registre/${address}`, { headers: { Cookie: cookie } })).text()
const post = (fields: Record<string, string>, headers: Record<string, string> = { Cookie: cookie }) =>
  fetch(`${studio.base}/admin/registre/rectifier/1`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: studio.base, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  })

/** The correction form's fields as the page fills them (inputs, selects, textareas), and its version. */
function formOf(html: string): Record<string, string> {
  const form = html.slice(html.indexOf('<form method="post" action="/admin/registre/rectifier/1"'))
  const fields: Record<string, string> = {}
  const decode = (text: string) => text.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)))
  for (const [, name, value] of form.matchAll(/<input type="(?:hidden|text|date)" (?:[^>]*?)name="([^"]+)"[^>]*? value="([^"]*)"/g))
    fields[name!] = decode(value!)
  for (const [, name, value] of form.matchAll(/<textarea id="[^"]+" name="([^"]+)"[^>]*>([^<]*)<\/textarea>/g)) fields[name!] = decode(value!)
  for (const [, name, options] of form.matchAll(/<select id="[^"]+" name="([^"]+)"[^>]*>(.*?)<\/select>/g))
    fields[name!] = decode(/<option selected>([^<]*)/.exec(options!)![1]!)
  return fields
}

test("the owner rectifies entry n° 1: a new entry n° 2 names it and says what is corrected; n° 1 stays byte for byte", async () => {
  const original = readFileSync(path.join(REGISTER_DIR, "00000001.json"))
  const shown = await page("?rectifier=1")
  expect(shown).toContain("Rectifier l'entrée n° 1")
  const fields = formOf(shown)
  expect(fields).toMatchObject({
    version: "1",
    nom: "Martin",
    piece: "Carte nationale d'identité",
    piece_numero: "X4RTBPFW4",
    prix: "35,50",
    paiement: "Virement",
  })

  // Behind the session, and only from the site's own page.
  expect((await post({ ...fields, piece_numero: "X4RTBPFW5", motif: "Numéro de pièce mal recopié" }, {})).status).toBe(401)
  const crossSite = await post(
    { ...fields, piece_numero: "X4RTBPFW5", motif: "x" },
    { Cookie: cookie, Origin: "https://ailleurs.example", "Sec-Fetch-Site": "cross-site" },
  )
  expect(crossSite.status).toBe(403)

  // Nothing changed, or no reason given: refused in French, what was typed kept.
  const same = await post({ ...fields, motif: "Rien" })
  expect(same.status).toBe(400)
  expect(await same.text()).toContain("Aucun champ n&#39;a changé")
  const noReason = await post({ ...fields, piece_numero: "X4RTBPFW5", prix: "35,5x" })
  expect(noReason.status).toBe(400)
  const refusedHtml = await noReason.text()
  expect(refusedHtml).toContain("2 champs sont à corriger.")
  // Answered at …/rectifier/1: the form posts to the same place again, the links lead back to the register.
  expect(refusedHtml).toContain('<form method="post" action="/admin/registre/rectifier/1" novalidate>')
  expect(refusedHtml).toContain('href="/admin/registre/registre.csv"')
  expect(refusedHtml).toMatch(/id="c-motif-erreur">Dites ce qui est corrigé/)
  expect(refusedHtml).toMatch(/id="c-prix"[^>]*value="35,5x"/)
  expect(refusedHtml).toMatch(/id="c-piece_numero"[^>]*value="X4RTBPFW5"/)
  expect(await register.count()).toBe(1)

  const done = await post({ ...fields, piece_numero: "X4RTBPFW5", motif: "Numéro de pièce mal recopié" })
  expect(done.status).toBe(303)
  expect(done.headers.get("location")).toBe("/admin/registre/?inscrite=2#n2")
  // A second click on the same form (its version 1) writes nothing.
  const again = await post({ ...fields, piece_numero: "X4RTBPFW5", motif: "Numéro de pièce mal recopié" })
  expect(again.status).toBe(409)
  expect(await again.text()).toContain("Le registre a changé depuis l&#39;ouverture de ce formulaire")

  const entries = await register.list()
  expect(entries).toHaveLength(2)
  expect(entries[1]).toMatchObject({ number: 2, rectifies: 1, correction: "Numéro de pièce mal recopié", request: "20261120-0900-AAAAAA" })
  expect(entries[1]!.seller).toMatchObject({ surname: "Martin", id_number: "X4RTBPFW5", status: "particulier" })
  expect(entries[1]!.price_cents).toBe(3550)
  expect(readFileSync(path.join(REGISTER_DIR, "00000001.json")).equals(original)).toBe(true)
  expect(await register.verify()).toEqual({ ok: true, count: 2 })

  const list = await page("?inscrite=2")
  expect(list).toContain("Rectification inscrite : entrée n° 2, qui rectifie le n° 1.".replace(/ :/g, "\u00a0:"))
  expect(list).toMatch(/rectifie le n°.1.: Numéro de pièce mal recopié/)
  expect(list).toMatch(/rectifiée par le n°.2/)
  const csv = await (await fetch(`${studio.base}/admin/registre/registre.csv`, { headers: { Cookie: cookie } })).text()
  const [header, , second] = csv.split("\r\n")
  expect(header).toContain(";rectifie le n°;correction;")
  expect(second).toMatch(/^2;[^;]+;1;Numéro de pièce mal recopié;20261120-0900-AAAAAA;/)
})

test("a forged post (a field twice, too many fields, an unknown number) is a 4xx in French, never a 500, and writes nothing", async () => {
  const count = await register.count()
  const twice = await fetch(`${studio.base}/admin/registre/rectifier/1`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, Origin: studio.base, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/x-www-form-urlencoded" },
    body: "nom=A&nom=B&motif=x",
  })
  expect(twice.status).toBe(400)
  expect(await twice.text()).toContain("Formulaire illisible")
  const many = await post(Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`champ${index}`, "x"])))
  expect(many.status).toBe(413)
  const unknown = await fetch(`${studio.base}/admin/registre/rectifier/99`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: studio.base, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/x-www-form-urlencoded" },
    body: "motif=x",
  })
  expect(unknown.status).toBe(404)
  expect((await unknown.json()) as unknown).toMatchObject({ error: "L'entrée n° 99 n'existe pas dans le registre." })
  expect(await register.count()).toBe(count)
})

test("an impossible date (« 2026-13-45 ») typed past the date field is named beside it in French, never a 500, and writes nothing", async () => {
  const count = await register.count()
  const fields = formOf(await page("?rectifier=1"))
  const answer = await post({ ...fields, piece_date: "2026-13-45", motif: "Date de délivrance mal recopiée" })
  expect(answer.status).toBe(400)
  expect(await answer.text()).toMatch(/Date invalide\s:\sjj\/mm\/aaaa\./)
  expect(await register.count()).toBe(count)
})

test("a correction obeys the payment's rules: cash at most 1 000 €, a payment date between the request's day and today, an identity document issued after 1900 and not in the future", async () => {
  const count = await register.count()
  const fields = { ...formOf(await page("?rectifier=1")), motif: "Correction" }
  const refused = async (changes: Record<string, string>, field: string, words: RegExp) => {
    const answer = await post({ ...fields, ...changes })
    expect(answer.status).toBe(400)
    expect(await answer.text()).toMatch(new RegExp(`id="c-${field}-erreur">${words.source}`))
  }
  await refused({ paiement: "Espèces", prix: "1 200" }, "prix", /En espèces, 1.000.€ au plus/)
  await refused({ paiement_date: "2099-01-01" }, "paiement_date", /Date impossible\s: entre le 20 novembre 2026 \(jour de la demande\) et aujourd/)
  await refused({ paiement_date: "2026-11-19" }, "paiement_date", /Date impossible/)
  await refused({ piece_date: "1899-12-31" }, "piece_date", /Date impossible\s: entre le 01\/01\/1900 et aujourd/)
  await refused({ piece_date: "2099-01-01" }, "piece_date", /Date impossible/)
  // The garment is named by its nature or its description: neither is refused…
  await refused({ nature: "", objet: "" }, "objet", /Décrivez l\S+article tel que reçu, ou indiquez sa nature/)
  expect(await register.count()).toBe(count)
  // …but a garment received without a description keeps its nature (per-garment receptions), and at the limit, cash is accepted.
  expect((await post({ ...fields, version: String(count), objet: "", paiement: "Espèces", prix: "1000" })).status).toBe(303)
})

test("line breaks typed in a multi-line field are kept in the new entry (address, marks, description), never in a one-line field", async () => {
  const count = await register.count()
  const fields = formOf(await page("?rectifier=1"))
  const answer = await post({
    ...fields,
    version: String(count),
    adresse: "12, rue de l'Église\r\nAppartement 3B\r\n69002 Lyon",
    signes: "Étiquette d'origine\r\nAccroc au col",
    nom: "Martin\r\nDupont",
    motif: "Adresse complète",
  })
  expect(answer.status).toBe(303)
  const entry = (await register.list()).at(-1)!
  expect(entry.seller.address).toBe("12, rue de l'Église\nAppartement 3B\n69002 Lyon")
  expect(entry.item.marks).toBe("Étiquette d'origine\nAccroc au col")
  expect(entry.seller.surname).toBe("Martin Dupont")
  expect(await page()).toContain("12, rue de l&#39;Église<br>Appartement 3B<br>69002 Lyon")
})
