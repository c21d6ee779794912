/**
 * @jest-environment node
 *
 * The inbox's pure parts as the owner reads them: dates in the shop's time, a request's first
 * words, its delivery in French, « Répondre »'s mail, the status rule retention counts from, and
 * the courier leaving alone a request erased while it held it.
 */
import { writeFileSync } from "node:fs"
import path from "node:path"
import { deliveryView, firstWords, formatDate, formatSize, replyLink, withTypography } from "../../src/server/inbox/layout"
import { listPage, listQuery, newestFirst, PAGE_SIZE } from "../../src/server/inbox/list-page"
import { Courier } from "../../src/server/leads/courier"
import { NEW_REQUEST, nextHandling } from "../../src/server/leads/handling"
import { Outbox, type StoredLead } from "../../src/server/leads/outbox"
import type { Lead } from "../../src/server/leads/types"
import { JPEG, tempDir } from "../helpers/estimate-server"

const lead = (overrides: Partial<Lead> = {}): Lead => ({
  id: "20261123-2115-K7Q2MX",
  kind: "estimate",
  created_at: "2026-11-23T21:15:00.000Z",
  email: "claire@exemple.fr",
  photos: [],
  ...overrides,
})
const stored = (overrides: Partial<Lead> = {}): StoredLead => ({
  lead: lead(overrides),
  state: { status: "pending", attempts: 0, delivered: [] },
  handling: NEW_REQUEST,
  dir: "/nulle-part",
})

test("dates read in the shop's time (Paris), in French", () => {
  expect(formatDate("2026-11-23T21:15:00.000Z")).toBe("23 nov. 2026, 22:15")
  expect(formatDate("2026-07-01T21:15:00.000Z", true)).toBe("1er juillet 2026 à 23:15")
  expect(formatDate("pas une date")).toBe("")
  expect([formatSize(1536), formatSize(1.5 * 1024 * 1024)]).toEqual(["2\u00a0ko", "1,5\u00a0Mo"])
})

test("first words: the description, else the visitor's first chat message, cut on a word", () => {
  expect(firstWords(stored({ description: "  Polo\nLacoste   taille M " }))).toBe("Polo Lacoste taille M")
  const chat = stored({
    kind: "chat",
    conversation: [
      { from: "bot", text: "Bonjour", at: "" },
      { from: "user", text: "Vous rachetez ?", at: "" },
    ],
  })
  expect(firstWords(chat)).toBe("Vous rachetez ?")
  const long = firstWords(stored({ description: "mot ".repeat(60) }), 30)
  expect(long).toBe("mot mot mot mot mot mot mot…")
})

test("delivery in the owner's words: sent, waiting with the reason, refused for good, or not sent at all", () => {
  expect(deliveryView({ status: "sent", attempts: 1, delivered: ["email"], sent_at: "2026-11-23T21:16:00.000Z" }, true)).toEqual({
    tone: "ok",
    label: "Envoyée",
    detail: "le 23 nov. 2026, 22:16",
  })
  const waiting = deliveryView({ status: "pending", attempts: 2, delivered: [], last_error: "email : connexion refusée" }, true)
  expect(waiting).toMatchObject({ tone: "wait", label: "En attente", detail: "2 essais manqués (email : connexion refusée)" })
  const failed = deliveryView({ status: "failed", attempts: 1, delivered: [], last_error: "email : 552 trop gros" }, true)
  expect(failed).toEqual({ tone: "fail", label: "Échec", detail: "refusée pour de bon : email : 552 trop gros" })
  // In the owner's words: no « webhook ».
  expect(deliveryView({ status: "pending", attempts: 0, delivered: [] }, false)).toEqual({
    tone: "wait",
    label: "Non envoyée",
    detail: "l'envoi des demandes par e-mail n'est pas réglé sur ce serveur : elle se lit ici seulement",
  })
})

test("« Répondre » writes to the visitor with the request number in the subject; nothing they typed adds a header", () => {
  const link = replyLink(lead({ name: "Claire" }))
  expect(link.startsWith("mailto:claire@exemple.fr?subject=")).toBe(true)
  const query = new URLSearchParams(link.slice(link.indexOf("?")))
  expect(query.get("subject")).toBe("Votre demande n° 20261123-2115-K7Q2MX – maxAi")
  expect(query.get("body")).toBe("Bonjour Claire,\n\n")
  expect(replyLink(lead({ email: "a?bcc=b@c.fr&x@y.fr" }))).toMatch(/^mailto:a%3Fbcc%3Db@c.fr%26x@y.fr\?subject=/)
})

test("the pages' text gets French typography; addresses and the owner's note stay as they are", () => {
  const html = '<p>Statut « Refusée » : 20 € ?</p><a href="mailto:a@b.fr?subject=n%C2%B0%2020">Répondre</a><textarea>Proposé 20 € : ok ?</textarea>'
  expect(withTypography(html)).toBe(
    '<p>Statut «\u00a0Refusée\u00a0»\u00a0: 20\u00a0€\u202f?</p><a href="mailto:a@b.fr?subject=n%C2%B0%2020">Répondre</a><textarea>Proposé 20 € : ok ?</textarea>',
  )
})

test("a status change dates itself; a note alone keeps the date retention counts from", () => {
  const first = nextHandling(NEW_REQUEST, { status: "in_progress", note: "" }, new Date("2026-01-01T10:00:00.000Z"))
  expect(first).toEqual({ status: "in_progress", note: "", status_changed_at: "2026-01-01T10:00:00.000Z", updated_at: "2026-01-01T10:00:00.000Z" })
  const noted = nextHandling(first, { status: "in_progress", note: "rappeler" }, new Date("2026-02-01T10:00:00.000Z"))
  expect(noted).toEqual({ status: "in_progress", note: "rappeler", status_changed_at: "2026-01-01T10:00:00.000Z", updated_at: "2026-02-01T10:00:00.000Z" })
  expect(nextHandling(NEW_REQUEST, { status: "new", note: "vu" }, new Date("2026-03-01T10:00:00.000Z"))).not.toHaveProperty("status_changed_at")
})

test("the list: newest first, a page at a time, filters keep their page links", () => {
  const many = Array.from({ length: PAGE_SIZE + 3 }, (_, index) =>
    stored({ id: `20261123-21${String(index).padStart(2, "0")}-K7Q2MX`, created_at: `2026-11-23T21:${String(index).padStart(2, "0")}:00.000Z` }),
  )
  const sorted = newestFirst(many)
  expect(sorted[0]!.lead.id).toBe("20261123-2122-K7Q2MX")
  const second = listPage({ base: "/admin/demandes", leads: sorted, status: null, page: 2, channelsConfigured: true })
  expect(second).toContain("Page 2 sur 2")
  expect(second).toContain("20261123-2100-K7Q2MX")
  expect(second).not.toContain("20261123-2122-K7Q2MX")
  expect(listQuery("in_progress", 2)).toBe("?statut=in_progress&page=2")
  const empty = listPage({ base: "/admin/demandes", leads: sorted, status: "archived", page: 1, channelsConfigured: true })
  expect(empty).toContain("Aucune demande «\u00a0Archivée\u00a0».")
})

test("a request erased while the courier held it is not sent, and its state is not written back", async () => {
  const outbox = new Outbox(tempDir())
  const staging = await outbox.staging()
  writeFileSync(path.join(staging, "photo-1.jpg"), JPEG)
  await outbox.commit(staging, lead({ photos: [{ file: "photo-1.jpg", name: "face.jpg", type: "image/jpeg", size: JPEG.length }] }))
  const sent: string[] = []
  const logged: string[] = []
  const courier = new Courier(
    outbox,
    [
      {
        name: "email",
        send: async (sentLead) => {
          // The owner's « Supprimer » lands while the mail is on its way.
          await outbox.erase(sentLead.id)
          sent.push(sentLead.id)
        },
      },
    ],
    { retryBaseMs: 10, retryMaxMs: 20, log: (line) => logged.push(line) },
  )
  // The state that can no longer be written is dropped (no « non enregistré » retry loop).
  expect(await courier.deliver("20261123-2115-K7Q2MX")).toBe(true)
  expect(await outbox.ids()).toEqual([])
  // Erased before the courier looks: nothing is sent, nothing thrown.
  expect(await courier.deliver("20261123-2115-K7Q2MX")).toBe(false)
  expect(sent).toEqual(["20261123-2115-K7Q2MX"])
  expect(logged).toEqual([])
  courier.stop()
})
