/**
 * The register of purchases at `<prefix>/admin/registre/` (docs/buyback.md#the-registers-pages), a room of the studio like the inbox, behind the same session: the
 * shop that keeps it, every entry with every field the law asks for, a search, a print view, a CSV
 * export and labels, each following the search. No page or route here edits or deletes an entry:
 * a mistake is corrected by a new entry (« Rectifier » on a row), written by the register
 * (src/server/register/correction.ts) through the port the host hands over.
 *
 *   GET  /?q=&du=&au=             the register (the search's entries), with the chain's check
 *   GET  /?rectifier=<n>          the same, with the correction form of entry n, filled with its values
 *   POST /rectifier/<n>           the correction: 303 to the register, or the form again with each problem
 *   GET  /impression?q=&du=&au=   the print view (the shop, the search's entries, nothing to click)
 *   GET  /registre.csv?q=&du=&au= the CSV of the search's entries (src/server/register/csv.ts, through the host)
 *   GET  /etiquettes?numeros=12-14&format=a4|rouleau   the labels (./register-labels.ts)
 *   GET  /consultations           « Consultations du registre », the last year's log
 *
 * What must stay true: every view of the register (page, print view, CSV, labels, correction
 * form) is logged — account, moment, what was seen — BEFORE it is sent (arrêté du 15 mai 2020);
 * a log that cannot be written sends nothing. The studio's door in front (the host mounts this
 * room behind it) checks the session and refuses a post from another site's page.
 */
import express, { type NextFunction, type Request, type Response } from "express"
import { ownerRoomRouter, sendHtml } from "../http/page-routes"
import type { RegisterEntry } from "../../contract/buyback"
import type { Consultation, LogVerdict } from "../../contract/register-consultations"
import { escapeHtml, framePage } from "./layout"
import { correctionForm, type CorrectionOutcome, type CorrectionView } from "./register-correction-form"
import { applyFilter, filterWords, numberRanges, readFilter, readNumbers, type RegisterFilter } from "./register-filter"
import { labelsBody, readFormat } from "./register-labels"
import { REGISTER_CSS } from "./register-style"
import {
  consultationsBody,
  printBody,
  registerTable,
  searchForm,
  selectionBar,
  shopHeader,
  verdictLine,
  type RegisterShop,
  type Verdict,
} from "./register-view"
import { clock } from "../clock"
import { shopDay } from "../shop-time"
import { loggedPath } from "../http/log-path"
import { formBody, KB } from "../http/form-body"

export type { CorrectionOutcome, RegisterShop }

/** What the host hands over from src/server/register/ (the inbox never imports it) and content/legal.json. */
export type RegisterReader = {
  list(): Promise<RegisterEntry[]>
  csv(entries: readonly RegisterEntry[]): string
  verify(): Promise<Verdict>
  /** A new entry rectifying entry `number` (the form's fields and `version` in `body`); the entry itself never changes. */
  rectify(number: number, body: unknown, now: Date): Promise<CorrectionOutcome>
  /** One consultation appended to the log, durable when it resolves. */
  consulted(line: Omit<Consultation, "at">, now: Date): Promise<void>
  /** The last year's consultations, newest first. */
  consultations(): Promise<Consultation[]>
  /** Whether the log's lines are chained with the register's key (src/server/register/consultation-chain.ts). */
  consultationsChecked(): Promise<LogVerdict>
  /** Who keeps the register: name, address, SIRET, the prefecture's receipt. */
  shop(): Promise<RegisterShop>
}

/** The session's account (the studio's door put it there: src/server/studio/guard.ts). */
const accountOf = (req: Request) => (req as Request & { studioSession?: { email?: string } }).studioSession?.email ?? "compte inconnu"

/** « recherche « Martin » : n° 1 à 3 » */
const seenWords = (filter: RegisterFilter, shown: readonly RegisterEntry[]) =>
  `${filterWords(filter)} : ${shown.length === 0 ? "aucune entrée" : `n° ${numberRanges(shown.map((entry) => entry.number))}`}`

const page = (room: string, title: string, body: string) => framePage({ base: room, title, body, stylesheets: [`${room}/registre.css`] })

/** A refusal in French: a page with the way back to the register for the owner's browser, JSON for a script. */
function refuse(req: Request, res: Response, status: number, code: string, error: string): void {
  if (!/\btext\/html\b/.test(req.get("accept") ?? "")) return void res.status(status).json({ code, error })
  const body = `<h1>${escapeHtml(error)}</h1><p><a class="button" href="${req.baseUrl}/">Retour au registre</a></p>`
  sendHtml(res, status, page(req.baseUrl, error, body))
}

type PageExtra = { correction?: CorrectionView; notice?: string }

/** The register's page: the shop, the search, the verdict, the search's entries, and a correction form if asked. */
export function registerPage(
  room: string,
  shop: RegisterShop,
  filter: RegisterFilter,
  entries: readonly RegisterEntry[],
  verdict: Verdict,
  extra: PageExtra = {},
): string {
  const shown = applyFilter(entries, filter)
  const table =
    entries.length === 0
      ? "<p class=\"empty\">Aucun achat inscrit pour l'instant : un achat s'inscrit quand son paiement est enregistré sur la page de la demande.</p>"
      : shown.length === 0
        ? `<p class="empty">Aucune entrée ne correspond à cette recherche.</p>`
        : registerTable(room, entries, shown)
  const body = `<div class="page-head"><h1>Registre des achats</h1><a class="button no-print" href="${room}/consultations">Consultations du registre</a></div>
${shopHeader(shop)}
<p class="meta">Une entrée par article acheté à un particulier, numérotée sans retour ; jamais modifiée ni supprimée : une erreur se corrige par une nouvelle entrée qui rectifie la précédente. Conservé 10 ans. Chaque consultation est notée.</p>
${extra.notice ? `<p class="notice" role="status">${extra.notice}</p>` : ""}
${verdictLine(verdict)}
${searchForm(room, filter)}
${entries.length > 0 ? selectionBar(room, filter, shown, entries.length) : ""}
${table}
${extra.correction ? correctionForm(extra.correction) : ""}`
  return page(room, "Registre des achats", body)
}

/** The room `registre` of the studio (the host mounts it with the inbox). */
export function registerRouter(reader: RegisterReader): express.Router {
  const router = ownerRoomRouter()
  const consulted = (req: Request, view: Consultation["view"], seen: string) => reader.consulted({ account: accountOf(req), view, seen }, clock.now())
  const everything = () => Promise.all([reader.list(), reader.verify(), reader.shop()])

  router.get("/registre.css", (_req, res) => void res.type("css").send(REGISTER_CSS))
  router.get("/", (req, res, next) => {
    if (!req.originalUrl.split("?")[0]!.endsWith("/")) return res.redirect(301, `${req.baseUrl}/`)
    const filter = readFilter(req.query)
    everything()
      .then(async ([entries, verdict, shop]) => {
        const asked = Number(req.query.rectifier)
        const entry = entries.find((listed) => listed.number === asked)
        const written = Number(req.query.inscrite)
        const notice = entries.find((listed) => listed.number === written && listed.rectifies)
        if (entry) await consulted(req, "rectification", `entrée n° ${entry.number}`)
        else await consulted(req, "page", seenWords(filter, applyFilter(entries, filter)))
        const extra: PageExtra = {
          ...(entry ? { correction: { room: req.baseUrl, entry, version: entries.length } } : {}),
          ...(notice ? { notice: `Rectification inscrite : entrée n° ${notice.number}, qui rectifie le n° ${notice.rectifies}.` } : {}),
        }
        res.type("html").send(registerPage(req.baseUrl, shop, entry ? readFilter({}) : filter, entries, verdict, extra))
      })
      .catch(next)
  })
  router.post("/rectifier/:number(\\d{1,8})", ...formBody(32 * KB, 24), (req, res, next) => {
    const number = Number(req.params.number)
    reader
      .rectify(number, req.body, clock.now())
      .then(async (outcome) => {
        if (outcome.ok) return res.redirect(303, `${req.baseUrl}/?inscrite=${outcome.entry.number}#n${outcome.entry.number}`)
        const [entries, verdict, shop] = await everything()
        const entry = entries.find((listed) => listed.number === number)
        if (!entry) return refuse(req, res, 404, "not_found", outcome.error)
        await consulted(req, "rectification", `entrée n° ${entry.number} (formulaire renvoyé avec ses erreurs)`)
        const correction = { room: req.baseUrl, entry, version: entries.length, refused: outcome }
        sendHtml(res, outcome.status, registerPage(req.baseUrl, shop, readFilter({}), entries, verdict, { correction }))
      })
      .catch(next)
  })
  router.get("/impression", (req, res, next) => {
    const filter = readFilter(req.query)
    everything()
      .then(async ([entries, verdict, shop]) => {
        const shown = applyFilter(entries, filter)
        await consulted(req, "impression", seenWords(filter, shown))
        res.type("html").send(page(req.baseUrl, "Registre des achats (impression)", printBody(req.baseUrl, shop, filter, entries, shown, verdict)))
      })
      .catch(next)
  })
  router.get("/registre.csv", (req, res, next) => {
    const filter = readFilter(req.query)
    reader
      .list()
      .then(async (entries) => {
        const shown = applyFilter(entries, filter)
        await consulted(req, "csv", seenWords(filter, shown))
        const stamp = shopDay(clock.now())
        res.set({ "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="registre-${stamp}.csv"` })
        res.send(reader.csv(shown))
      })
      .catch(next)
  })
  router.get("/etiquettes", (req, res, next) => {
    const numbers = readNumbers(req.query.numeros)
    if (!numbers) {
      const body = `<h1>Étiquettes du registre</h1><p class="problem" role="alert">Numéros illisibles : touchez « Étiquette » sur une ligne du registre, ou « Imprimer les étiquettes » sous une recherche (200 étiquettes au plus).</p><p><a class="button" href="${req.baseUrl}/">Retour au registre</a></p>`
      return void res
        .status(400)
        .type("html")
        .send(page(req.baseUrl, "Étiquettes du registre", body))
    }
    reader
      .list()
      .then(async (entries) => {
        const found = entries.filter((entry) => numbers.includes(entry.number))
        await consulted(req, "etiquettes", found.length === 0 ? "aucune entrée" : `n° ${numberRanges(found.map((entry) => entry.number))}`)
        res.type("html").send(page(req.baseUrl, "Étiquettes du registre", labelsBody(req.baseUrl, numbers, entries, readFormat(req.query.format))))
      })
      .catch(next)
  })
  router.get("/consultations", (req, res, next) => {
    Promise.all([reader.consultations(), reader.consultationsChecked()])
      .then(
        ([consultations, checked]) =>
          void res.type("html").send(page(req.baseUrl, "Consultations du registre", consultationsBody(req.baseUrl, consultations, checked))),
      )
      .catch(next)
  })
  router.use((req, res) => refuse(req, res, 404, "not_found", "Page introuvable dans le registre."))
  router.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error)
    // The body reader's refusals (too big, too many fields): a forged post, answered in French.
    const status = (error as { status?: number }).status ?? 500
    if (status >= 400 && status < 500) {
      return refuse(req, res, status === 413 ? 413 : 400, "invalid_form", "Formulaire illisible ou trop long : rechargez la page et recommencez.")
    }
    console.error(`registre : ${req.method} ${loggedPath(req.originalUrl)} a échoué`, error)
    refuse(req, res, 500, "internal_error", "Le registre n'a pas pu être lu : réessayez dans un instant.")
  })
  return router
}
