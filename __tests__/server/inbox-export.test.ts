/**
 * @jest-environment node
 *
 * What the owner takes out of the inbox and what she erases, over real sockets on a real outbox:
 * the CSV export (photos named by their inbox address, French Excel, formulas neutralised),
 * « Supprimer » for good, the empty inbox, and the login page that keeps leading back to it. The
 * list, a request's page and its status: inbox.test.ts.
 */
import { existsSync, readFileSync } from "node:fs"
import path from "node:path"
import { clockAt } from "../helpers/clock"
import { JPEG } from "../helpers/estimate-server"
import { CHAT, ESTIMATE, useInbox } from "../helpers/inbox"
import { leadsLines } from "../helpers/studio-server"

jest.setTimeout(60_000)
// A November evening, moved on by the test of the file's name (the session stays within its 12 hours).
clockAt("2026-11-30T20:00:00Z")
const { leadsDir: LEADS_DIR, outbox, studio: server, inbox, asOwner, post } = useInbox()

/** The version a request's page carries: its handling's last change, none while it is new. */
const versionOf = (id: string): string => {
  const file = path.join(outbox.leadDir(id), "handling.json")
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")).updated_at : ""
}

test("the CSV export names each photo by its inbox address, never by its path on the server", async () => {
  const csv = await (await fetch(inbox("export.csv"), asOwner())).text()
  const row = csv.split("\r\n").find((line) => line.startsWith(`${ESTIMATE.id};`))
  expect(row).toContain(`;/admin/demandes/${ESTIMATE.id}/photos/photo-1.jpg | /admin/demandes/${ESTIMATE.id}/photos/photo-2.jpg;`)
  expect(csv).not.toContain(LEADS_DIR)
  // The address it gives is the original, for the owner's session.
  const original = await fetch(`${server().base}/admin/demandes/${ESTIMATE.id}/photos/photo-1.jpg`, asOwner())
  expect(original.status).toBe(200)
  expect(Buffer.from(await original.arrayBuffer()).equals(JPEG)).toBe(true)
})

test("the CSV export opens in French Excel: semicolons, a BOM, Paris time, the inbox's column names; status, note and filter kept, formulas neutralised", async () => {
  await post(`${CHAT.id}/suivi`, {
    statut: "in_progress",
    note: '=HYPERLINK("http://x")',
    version: versionOf(CHAT.id),
  })
  const answer = await fetch(inbox("export.csv?statut=in_progress"), asOwner())
  expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8")
  expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="demandes-in_progress-\d{4}-\d\d-\d\d\.csv"$/)
  const bytes = Buffer.from(await answer.arrayBuffer())
  // The UTF-8 BOM (fetch's text() would drop it): without it Excel reads the accents as Windows-1252.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const rows = bytes.subarray(3).toString("utf8").trim().split("\r\n")
  expect(rows).toHaveLength(2)
  expect(rows[0]).toBe(
    'N°;Type;Reçue le;E-mail;Nom;Articles;Montant (€);Marque;Catégorie;État;Description;Conversation;Photos;Statut;Statut depuis le;Note privée;"Envoi à l\'équipe";"Détail de l\'envoi"',
  )
  // Received 09:00 UTC on 24 November: 10:00 in Paris, as the inbox shows it. « Statut » is the
  // owner's; the delivery (no channel configured in this test) has its own column.
  expect(rows[1]).toMatch(
    new RegExp(
      `^${CHAT.id};Contact chat;24/11/2026 10:00;paul@exemple.fr;Paul;;;;;;[\\s\\S]*;;En cours;\\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d;"'=HYPERLINK\\(""http://x""\\)";Non envoyée;`,
    ),
  )
})

test("the export's file is named by the day in Paris: at 0 h 30 on 1 December there, 30 November in UTC", async () => {
  jest.setSystemTime(new Date("2026-11-30T23:30:00Z"))
  const answer = await fetch(inbox("export.csv"), asOwner())
  expect(answer.headers.get("content-disposition")).toBe('attachment; filename="demandes-toutes-2026-12-01.csv"')
})

test("« Supprimer » erases the request and its photos for good: gone from the folder, the list and its addresses", async () => {
  const dir = outbox.leadDir(ESTIMATE.id)
  // Three « Supprimer » at once (two tabs, a double tap): one erases, the others find it gone.
  const answers = await Promise.all([1, 2, 3].map(() => post(`${ESTIMATE.id}/supprimer`, {})))
  expect(answers.map((answer) => answer.status).sort()).toEqual([303, 404, 404])
  const erased = answers.find((answer) => answer.status === 303)!
  expect(erased.headers.get("location")).toBe(`/admin/demandes/?supprimee=${ESTIMATE.id}`)
  expect(existsSync(dir)).toBe(false)
  expect(await outbox.ids()).toEqual([CHAT.id])
  // The server's log names the request, nothing personal.
  expect(leadsLines).toContain(`leads : demande ${ESTIMATE.id} supprimée depuis la boîte de réception`)
  const list = await (await fetch(inbox(`?supprimee=${ESTIMATE.id}`), asOwner())).text()
  expect(list).toContain(`Demande n° ${ESTIMATE.id} supprimée définitivement`)
  expect(list).not.toContain("claire@exemple.fr")
  expect((await fetch(inbox(`${ESTIMATE.id}/photos/photo-1.jpg`), asOwner())).status).toBe(404)
  expect((await post(`${ESTIMATE.id}/supprimer`, {})).status).toBe(404)
})

test("an empty outbox says so in French", async () => {
  await outbox.erase(CHAT.id)
  const html = await (await fetch(inbox(), asOwner())).text()
  expect(html).toContain("Aucune demande pour l'instant.")
})

test("a login refused or throttled from the inbox's login page keeps leading back to the inbox", async () => {
  const attempt = () =>
    fetch(`${server().base}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server().base },
      body: new URLSearchParams({ email: "oubli@exemple.fr", password: "pas le bon mot de passe", suite: "/admin/demandes/" }).toString(),
    })
  const kept = '<input type="hidden" name="suite" value="/admin/demandes/">'
  // The account's limit is 5 failures: the sixth is throttled.
  for (let failure = 0; failure < 5; failure += 1) {
    const refused = await attempt()
    expect(refused.status).toBe(401)
    expect(await refused.text()).toContain(kept)
  }
  const throttled = await attempt()
  expect(throttled.status).toBe(429)
  const html = await throttled.text()
  expect(html).toContain("Trop d&#39;essais manqués : réessayez dans 15 minutes.")
  expect(html).toContain(kept)
})
