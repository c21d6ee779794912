/**
 * The register of purchases at `<prefix>/admin/registre/` (README, "Buy-back: offer, acceptance,
 * parcel, payment, register"), a room of the studio like the inbox, behind the same session: every
 * entry with every field the law asks for, printable (the inbox's stylesheet has a print layout)
 * and exported as CSV. Read only: no page or route here edits or deletes an entry.
 *
 *   GET /               the register, oldest first, with the chain's check
 *   GET /registre.csv   the CSV (src/server/register/csv.ts, through the host)
 */
import express, { type NextFunction, type Request, type Response } from "express"
import type { RegisterEntry } from "../../contract/buyback"
import { eurosField } from "../../contract/euros"
import { escapeHtml, framePage } from "./layout"
import { INBOX_CSP } from "./router"

/** What the host hands over from src/server/register/ (the inbox never imports it). */
export type RegisterReader = {
  list(): Promise<RegisterEntry[]>
  csv(entries: readonly RegisterEntry[]): string
  verify(): Promise<{ ok: true; count: number } | { ok: false; count: number; number: number; problem: string }>
}

const PRIVATE = {
  "Cache-Control": "private, no-store",
  "Content-Security-Policy": INBOX_CSP,
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "same-origin",
} as const

const DAY = new Intl.DateTimeFormat("fr-FR", { dateStyle: "short", timeZone: "UTC" })
const day = (text: string) => (/^\d{4}-\d{2}-\d{2}$/.test(text) ? DAY.format(new Date(`${text}T12:00:00Z`)) : escapeHtml(text))
const STAMP = new Intl.DateTimeFormat("fr-FR", { dateStyle: "short", timeStyle: "short", timeZone: "Europe/Paris" })

function row(entry: RegisterEntry): string {
  const { seller, item } = entry
  const rectifies = entry.rectifies ? `<br><small>rectifie le n° ${entry.rectifies}</small>` : ""
  return `<tr id="n${entry.number}">
<td>${entry.number}${rectifies}</td>
<td>${STAMP.format(new Date(entry.recorded_at))}<br><small>demande ${escapeHtml(entry.request)}</small></td>
<td>${escapeHtml(seller.surname)} ${escapeHtml(seller.first_names)}<br><small>${escapeHtml(seller.status)}</small><br>${escapeHtml(seller.address)}</td>
<td>${escapeHtml(seller.id_type)} n° ${escapeHtml(seller.id_number)}<br>délivrée le ${day(seller.id_date)} par ${escapeHtml(seller.id_authority)}</td>
<td>${[[item.brand, item.category, item.condition].filter(Boolean).join(" · "), item.description].filter(Boolean).map(escapeHtml).join("<br>")}</td>
<td class="number">${eurosField(entry.price_cents)}\u00a0€</td>
<td>${escapeHtml(entry.payment_method)}<br>${day(entry.payment_date)}</td>
</tr>`
}

export function registerPage(inboxBase: string, entries: readonly RegisterEntry[], verdict: Awaited<ReturnType<RegisterReader["verify"]>>): string {
  const check = verdict.ok
    ? `<p class="notice no-print">Registre intact : ${verdict.count} entrée${verdict.count > 1 ? "s" : ""}, chaîne d'empreintes vérifiée.</p>`
    : `<p class="problem" role="alert">Registre altéré : ${escapeHtml(verdict.problem)}</p>`
  const table =
    entries.length === 0
      ? "<p class=\"empty\">Aucun achat inscrit pour l'instant : un achat s'inscrit quand son paiement est enregistré sur la page de la demande.</p>"
      : `<div class="table-scroll"><table class="register">
<caption>Registre des objets mobiliers (Code pénal, art. 321-7 et R321-3 à R321-8)</caption>
<thead><tr><th scope="col">N° d'ordre</th><th scope="col">Inscrit le</th><th scope="col">Vendeur (qualité, adresse)</th><th scope="col">Pièce d'identité</th><th scope="col">Objet (signes distinctifs)</th><th scope="col">Prix</th><th scope="col">Paiement</th></tr></thead>
<tbody>${entries.map(row).join("")}</tbody>
</table></div>`
  const body = `<div class="page-head"><h1>Registre des achats</h1><a class="button no-print" href="registre.csv">Exporter (CSV)</a></div>
<p class="meta">Une entrée par article acheté à un particulier, numérotée sans retour ; jamais modifiée ni supprimée : une erreur se corrige par une nouvelle entrée qui rectifie la précédente. Conservé 10 ans. Pour l'imprimer : la commande Imprimer du navigateur.</p>
${check}
${table}`
  return framePage({ base: inboxBase, title: "Registre des achats", body })
}

/** The room `registre` of the studio (the host mounts it with the inbox). */
export function registerRouter(reader: RegisterReader): express.Router {
  const router = express.Router()
  router.use((_req, res, next) => {
    res.set(PRIVATE)
    next()
  })
  /** The inbox's own address beside this room: its stylesheet, script and frame serve both. */
  const inboxOf = (req: Request) => req.baseUrl.replace(/\/[^/]+$/, "/demandes")
  router.get("/", (req, res, next) => {
    if (!req.originalUrl.split("?")[0]!.endsWith("/")) return res.redirect(301, `${req.baseUrl}/`)
    Promise.all([reader.list(), reader.verify()])
      .then(([entries, verdict]) => void res.type("html").send(registerPage(inboxOf(req), entries, verdict)))
      .catch(next)
  })
  router.get("/registre.csv", (_req, res, next) => {
    reader
      .list()
      .then((entries) => {
        const stamp = new Date().toISOString().slice(0, 10)
        res.set({ "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="registre-${stamp}.csv"` })
        res.send(reader.csv(entries))
      })
      .catch(next)
  })
  router.use((_req, res) => void res.status(404).json({ code: "not_found", error: "Page introuvable dans le registre." }))
  router.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error)
    console.error(`registre : ${req.method} ${req.originalUrl} a échoué`, error)
    res.status(500).json({ code: "internal_error", error: "Le registre n'a pas pu être lu : réessayez dans un instant." })
  })
  return router
}
