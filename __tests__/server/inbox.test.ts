/**
 * @jest-environment node
 *
 * The owner's inbox at /admin/demandes/ on the production server (src/server/host/app.ts, the
 * studio's door in front), over real sockets, on a real outbox: nothing without the owner's
 * session, no state change from another origin, no address outside a request's own photos; the
 * list, a request's page, its status and note saved (and refused without losing what was typed),
 * the photos. The CSV export and « Supprimer »: inbox-export.test.ts.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import sharp from "sharp"
import { leadsService } from "../../src/server/leads/service"
import { JPEG_2 } from "../helpers/estimate-server"
import { CHAT, ESTIMATE, useInbox } from "../helpers/inbox"
import { leadsLines, OWNER, postLogin } from "../helpers/studio-server"
import { clockAt } from "../helpers/clock"

// The test's "now" (never the machine's date): a Thursday morning in November 2026, as its fixtures.
clockAt("2026-11-26T10:00:00Z")

jest.setTimeout(60_000)
const { leadsDir: LEADS_DIR, outbox, studio: server, inbox, asOwner, post } = useInbox()

test("without a session: the page is the login page (401) that leads back to the inbox; data, photos and actions answer 401 JSON", async () => {
  const page = await fetch(inbox(), { headers: { Accept: "text/html,application/xhtml+xml" } })
  expect(page.status).toBe(401)
  expect(page.headers.get("cache-control")).toBe("no-store")
  const html = await page.text()
  expect(html).toContain('<input type="hidden" name="suite" value="/admin/demandes/">')
  expect(html).not.toContain("claire@exemple.fr")
  const forged = { Cookie: `maxai_studio=${"A".repeat(43)}` }
  for (const [address, method, headers] of [
    [ESTIMATE.id, "GET", {}],
    [`${ESTIMATE.id}/photos/photo-1.jpg`, "GET", { Accept: "image/avif,image/webp,*/*" }],
    [`${ESTIMATE.id}/vignettes/photo-1.jpg`, "GET", forged],
    ["export.csv", "GET", forged],
    [`${ESTIMATE.id}/suivi`, "POST", { Origin: server().base }],
    [`${ESTIMATE.id}/supprimer`, "POST", { Origin: server().base, ...forged }],
  ] as Array<[string, string, Record<string, string>]>) {
    const answer = await fetch(inbox(address), { method, headers, body: method === "POST" ? "statut=accepted" : undefined })
    expect([address, answer.status]).toEqual([address, 401])
    expect(await answer.json()).toEqual({ code: "session_required", error: expect.stringContaining("reconnectez-vous") })
  }
  expect(existsSync(outbox.leadDir(ESTIMATE.id))).toBe(true)
})

test("logging in from the inbox's login page opens the inbox; an address from elsewhere opens the studio", async () => {
  const back = await fetch(`${server().base}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server().base },
    body: new URLSearchParams({ email: OWNER.email, password: OWNER.password, suite: "/admin/demandes/" }).toString(),
  })
  expect([back.status, back.headers.get("location")]).toEqual([303, "/admin/demandes/"])
  const elsewhere = await fetch(`${server().base}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server().base },
    body: new URLSearchParams({ email: OWNER.email, password: OWNER.password, suite: "https://ailleurs.example/" }).toString(),
  })
  expect(elsewhere.headers.get("location")).toBe("/admin/")
  expect((await postLogin(server().base, OWNER.email, OWNER.password)).headers.get("location")).toBe("/admin/")
})

test("the list: newest first, each request's number, kind, e-mail, first words, thumbnails and delivery; private, under a strict policy", async () => {
  const answer = await fetch(inbox(), asOwner())
  expect(answer.status).toBe(200)
  // The inbox's first look made the process's leads service, which said where it reads from.
  await leadsService().ready
  expect(leadsLines).toContain(
    `leads : demandes dans ${LEADS_DIR} (aucun envoi configuré, lisez-les avec npm run leads), 2 demandes en attente d'envoi : envoi repris`,
  )
  expect(answer.headers.get("cache-control")).toBe("private, no-store")
  expect(answer.headers.get("content-security-policy")).toBe(
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  )
  const html = await answer.text()
  expect(html.indexOf(CHAT.id)).toBeLessThan(html.indexOf(ESTIMATE.id))
  for (const words of [
    "Contact chat",
    "Estimation",
    "paul@exemple.fr",
    "Vous rachetez les pulls\u202f?",
    "Non envoyée",
    'Toutes <span class="count">2</span>',
  ]) {
    expect(html).toContain(words)
  }
  // The visitor's words are text, never markup.
  expect(html).toContain("Polo &#60;b&#62;Lacoste&#60;/b&#62;, taille M")
  expect(html).toContain(`src="/admin/demandes/${ESTIMATE.id}/vignettes/photo-2.jpg"`)
  for (const asset of ["inbox.css", "inbox.js"]) expect((await fetch(inbox(asset), asOwner())).status).toBe(200)
})

test("photos: the original as sent, a small WebP thumbnail kept in the request's folder; only the request's own photos", async () => {
  const original = await fetch(inbox(`${ESTIMATE.id}/photos/photo-2.jpg`), asOwner())
  expect(original.status).toBe(200)
  expect(original.headers.get("content-type")).toBe("image/jpeg")
  expect(original.headers.get("cache-control")).toBe("private, no-store")
  expect(Buffer.from(await original.arrayBuffer()).equals(JPEG_2)).toBe(true)
  const thumbnail = await fetch(inbox(`${ESTIMATE.id}/vignettes/photo-1.jpg`), asOwner())
  expect(thumbnail.headers.get("content-type")).toBe("image/webp")
  const { width, height, format } = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()
  expect([format, width, height]).toEqual(["webp", 160, 160])
  expect(readdirSync(outbox.leadDir(ESTIMATE.id))).toContain("vignette-photo-1.webp")
  const preview = await sharp(Buffer.from(await (await fetch(inbox(`${ESTIMATE.id}/apercus/photo-1.jpg`), asOwner())).arrayBuffer())).metadata()
  expect(preview.format).toBe("webp")
  expect(Math.max(preview.width ?? 0, preview.height ?? 0)).toBeLessThanOrEqual(1200)
})

test("traversal and unknown names answer 404, never another file", async () => {
  for (const address of [
    "..%2F..%2Fetc%2Fpasswd",
    "20261123-2115-K7Q2MX%2F..%2F..",
    `${ESTIMATE.id}/photos/lead.json`,
    `${ESTIMATE.id}/photos/..%2Flead.json`,
    `${ESTIMATE.id}/photos/%2e%2e%2f%2e%2e%2fdata%2fstudio-accounts.json`,
    `${ESTIMATE.id}/vignettes/photo-9.jpg`,
    `${ESTIMATE.id}/originaux/photo-1.jpg`,
    "20991231-2359-ZZZZZZ",
  ]) {
    const answer = await fetch(inbox(address), asOwner())
    expect([address, answer.status]).toEqual([address, 404])
    expect(await answer.text()).not.toMatch(/"email"|claire@exemple\.fr|scrypt/)
  }
})

test("one request shows everything; its status and note are saved in handling.json, atomically, delivery.json untouched", async () => {
  const page = await (await fetch(inbox(ESTIMATE.id), asOwner())).text()
  for (const words of ["Demande n° 20261123-2115-K7Q2MX", "Lacoste", "Très bon état", "face.jpg", "dos.jpg", "Répondre", "Supprimer définitivement"]) {
    expect(page).toContain(words)
  }
  expect(page).toContain(`mailto:claire@exemple.fr?subject=${encodeURIComponent(`Votre demande n° ${ESTIMATE.id} – maxAi`)}`)
  const delivery = readFileSync(path.join(outbox.leadDir(ESTIMATE.id), "delivery.json"), "utf8")

  const saved = await post(`${ESTIMATE.id}/suivi`, { statut: "offer_sent", note: "Proposé 20 €\r\nrappeler lundi", version: "" })
  expect([saved.status, saved.headers.get("location")]).toEqual([303, `/admin/demandes/${ESTIMATE.id}?enregistre=1#suivi`])
  const handling = JSON.parse(readFileSync(path.join(outbox.leadDir(ESTIMATE.id), "handling.json"), "utf8"))
  expect(handling).toEqual({
    status: "offer_sent",
    note: "Proposé 20 €\nrappeler lundi",
    status_changed_at: expect.any(String),
    updated_at: handling.status_changed_at,
  })
  expect(readFileSync(path.join(outbox.leadDir(ESTIMATE.id), "delivery.json"), "utf8")).toBe(delivery)
  expect(readdirSync(outbox.leadDir(ESTIMATE.id)).filter((name) => name.endsWith(".tmp"))).toEqual([])
  const after = await (await fetch(inbox(`${ESTIMATE.id}?enregistre=1`), asOwner())).text()
  expect(after).toContain("Suivi enregistré.")
  expect(after).toContain('value="offer_sent" checked')
  expect(after).toContain("Proposé 20 €\nrappeler lundi</textarea>")
  expect(await (await fetch(inbox("?statut=offer_sent"), asOwner())).text()).toContain(ESTIMATE.id)
  expect(await (await fetch(inbox("?statut=new"), asOwner())).text()).not.toContain(ESTIMATE.id)

  // The page's script asks for JSON; a note alone keeps the status's date.
  const quiet = await post(`${ESTIMATE.id}/suivi`, { statut: "offer_sent", note: "rappelé", version: handling.updated_at }, { Accept: "application/json" })
  const answer = await quiet.json()
  expect(answer).toEqual({ status: "offer_sent", statusLabel: "Proposition envoyée", version: expect.any(String) })
  const again = JSON.parse(readFileSync(path.join(outbox.leadDir(ESTIMATE.id), "handling.json"), "utf8"))
  expect(again.status_changed_at).toBe(handling.status_changed_at)
  expect(again.updated_at).toBe(answer.version)
})

test("a refused save keeps what the owner typed with the French reason: stale page (409), unknown status, note too long", async () => {
  const typed = "Ma note tapée sur le téléphone"
  const stale = await post(`${CHAT.id}/suivi`, { statut: "in_progress", note: "première", version: "" })
  expect(stale.status).toBe(303)
  const conflict = await post(`${CHAT.id}/suivi`, { statut: "refused", note: typed, version: "" }, { Accept: "text/html" })
  expect(conflict.status).toBe(409)
  const page = await conflict.text()
  expect(page).toContain("modifié ailleurs")
  expect(page).toContain(`${typed}</textarea>`)
  expect(page).toContain('value="refused" checked')
  const unknown = await post(`${CHAT.id}/suivi`, { statut: "perdue", note: typed, version: "x" }, { Accept: "application/json" })
  expect(unknown.status).toBe(400)
  expect(await unknown.json()).toMatchObject({ code: "invalid_handling", error: "Choisissez un statut parmi ceux proposés." })
  const long = await post(`${CHAT.id}/suivi`, { statut: "refused", note: "x".repeat(5001), version: "" }, { Accept: "text/html" })
  expect(long.status).toBe(400)
  expect(await long.text()).toMatch(/5001 caractères\s:\s5000 au plus/)
  expect(JSON.parse(readFileSync(path.join(outbox.leadDir(CHAT.id), "handling.json"), "utf8"))).toMatchObject({ status: "in_progress", note: "première" })
})

test("a state change from another origin is refused 403 and changes nothing, even with the session", async () => {
  const before = readFileSync(path.join(outbox.leadDir(CHAT.id), "handling.json"), "utf8")
  // As browsers send them: a page of another site, and a browser without Sec-Fetch-Site.
  const fromElsewhere: Array<Record<string, string | undefined>> = [
    { Origin: "https://ailleurs.example", "Sec-Fetch-Site": "cross-site" },
    { Origin: "https://ailleurs.example", "Sec-Fetch-Site": undefined },
  ]
  for (const headers of fromElsewhere) {
    expect((await post(`${CHAT.id}/suivi`, { statut: "archived", note: "", version: "" }, headers)).status).toBe(403)
    expect((await post(`${CHAT.id}/supprimer`, {}, headers)).status).toBe(403)
  }
  expect(readFileSync(path.join(outbox.leadDir(CHAT.id), "handling.json"), "utf8")).toBe(before)
})
