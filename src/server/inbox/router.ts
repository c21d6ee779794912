/**
 * The owner's inbox at `<prefix>/admin/demandes/` (docs/requests.md#the-owners-inbox): the requests of
 * the outbox (src/server/leads/), read, handled and erased. The host hands this router to the
 * studio (src/server/host/app.ts → studio/mount.ts `rooms`), which puts its own door in front:
 * the owner's session (the login page for a page asked without one, else 401 JSON) and the
 * same-origin rule on every POST. Nothing here is reachable without them.
 *
 *   GET  /                         the list (?statut=…|vue=a-payer|expiree, q=… searched, page=…), newest first
 *   GET  /export.csv               the list as CSV (same filter)
 *   GET  /<number>                 one request
 *   POST /<number>/suivi           status and private note (303 back, or JSON for the page's script)
 *   POST /<number>/supprimer       erased for good, photos and all
 *   POST /<number>/proposition|renouveler|reception|retour|paiement   the buy-back's owner steps (./buyback-routes.ts, shown by ./buyback-section.ts), when the host hands a desk
 *   GET  /<number>/photos|apercus|vignettes/<file>   an original, a preview, a thumbnail
 *   GET  /inbox.css, /inbox.js     the stylesheet and the one small script
 *
 * What must stay true: every answer is `Cache-Control: private, no-store` (personal data stays in
 * no cache) under a policy that runs nothing but inbox.js; a request number must match the
 * outbox's pattern and a photo must be one its lead.json lists, so no address reaches another file.
 */
import express, { type NextFunction, type Request, type Response } from "express"
import { handleAsync, ownerRoomRouter, sendHtml } from "../http/page-routes"
import { readFileSync } from "node:fs"
import path from "node:path"
import { frenchTypography } from "../../lib/typography"
import type { BuybackSummary } from "../../contract/buyback-summary"
import { buybackGrid } from "../content"
import { HANDLING_WORDS, isHandlingStatus } from "../leads/handling"
import { isLeadId, Outbox, type StoredLead } from "../leads/outbox"
import { oneAtATime } from "../leads/one-at-a-time"
import { leadsService, type LeadsService } from "../leads/service"
import { addBuybackSteps, buybackViewOf, type BuybackDesk } from "./buyback-routes"
import { buybackSummaries, leadsCsv } from "./export"
import { saveHandling } from "./handling-form"
import { escapeHtml, framePage } from "./layout"
import { listPage, listViewOf, newestFirst, SEARCH_LIMIT } from "./list-page"
import { isReducedSize, reducedPhoto } from "./photos"
import { requestPage } from "./request-page"
import { INBOX_CSS } from "./style"
import { clock } from "../clock"
import { shopDay } from "../shop-time"
import { loggedPath } from "../http/log-path"
import { UnreadableRecord } from "../leads/records"
import { formBody, KB } from "../http/form-body"

/** The frame of the owner's rooms, for the host to hand to the other rooms (the questions' list). */
export { framePage as ownerFrame }

const SCRIPT = readFileSync(path.join(__dirname, "save-in-place.js"), "utf8")

/** The script of the page asked for JSON (a fetch), a browser's form asked for a page. */
const wantsJson = (req: Request) => req.accepts(["html", "json"]) === "json"

function refuse(req: Request, res: Response, status: number, code: string, error: string): void {
  if (wantsJson(req) || !/\btext\/html\b/.test(req.get("accept") ?? "")) return void res.status(status).json({ code, error: frenchTypography(error) })
  const body = `<h1>${escapeHtml(error)}</h1><p><a class="button" href="${req.baseUrl}/">Toutes les demandes</a></p>`
  sendHtml(res, status, framePage({ base: req.baseUrl, title: error, body }))
}

const notFound = (req: Request, res: Response) => refuse(req, res, 404, "not_found", "Demande introuvable : elle n'existe pas ou a été supprimée.")

/**
 * The leads service of this process (the one the API's functions use), or the one a test gives;
 * `desk`: the buy-back's steps (none: the request pages show no « Rachat »).
 */
export function inboxRouter(leads: () => LeadsService = leadsService, desk?: BuybackDesk): express.Router {
  const router = ownerRoomRouter()

  router.get("/inbox.css", (_req, res) => void res.type("css").send(INBOX_CSS))
  router.get("/inbox.js", (_req, res) => void res.type("js").send(SCRIPT))

  // The service's folder read with this code's Outbox: the service itself may come from the
  // functions' compiled bundle (the same process shares it), this is always the host's own.
  const outboxOf = () => new Outbox(leads().settings.dir)
  const channels = () => leads().courier.channels.length > 0
  const statusOf = (req: Request) => (isHandlingStatus(req.query.statut) ? req.query.statut : null)

  router.get(
    "/",
    handleAsync(async (req, res) => {
      const queryAt = req.originalUrl.indexOf("?")
      const asked = queryAt < 0 ? req.originalUrl : req.originalUrl.slice(0, queryAt)
      if (!asked.endsWith("/")) return res.redirect(301, `${asked}/${queryAt < 0 ? "" : req.originalUrl.slice(queryAt)}`)
      const erased = typeof req.query.supprimee === "string" && isLeadId(req.query.supprimee) ? req.query.supprimee : null
      const leads = newestFirst(await outboxOf().list())
      const html = listPage({
        base: req.baseUrl,
        leads,
        summaries: await summariesOf(leads),
        status: statusOf(req),
        view: listViewOf(req.query.vue),
        query: typeof req.query.q === "string" ? req.query.q.slice(0, SEARCH_LIMIT) : "",
        page: Number.parseInt(String(req.query.page ?? "1"), 10) || 1,
        channelsConfigured: channels(),
        ...(erased ? { notice: `Demande n° ${erased} supprimée définitivement, avec ses photos.` } : {}),
      })
      sendHtml(res, 200, html)
    }),
  )

  /** Each estimate's buy-back as the list shows it, when the host handed the desk. */
  const summariesOf = async (leads: readonly StoredLead[]): Promise<Map<string, BuybackSummary>> =>
    desk?.summary ? buybackSummaries(desk.summary, leads, clock.now()) : new Map()

  router.get(
    "/export.csv",
    handleAsync(async (req, res) => {
      const status = statusOf(req)
      const all = newestFirst(await outboxOf().list())
      const day = shopDay(clock.now())
      res.set({ "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="demandes-${status ?? "toutes"}-${day}.csv"` })
      // Each photo by its address here (the original, behind the owner's session), never its path on the server.
      const photoAddress = (id: string, file: string) => `${req.baseUrl}/${id}/photos/${encodeURIComponent(file)}`
      const shown = status ? all.filter((stored) => stored.handling.status === status) : all
      res.send(leadsCsv(shown, { photoAddress, channelsConfigured: channels(), summaries: await summariesOf(shown) }))
    }),
  )

  // A number that is not one of the outbox's never reaches the disk (`..`, `%2F`, anything else).
  router.param("id", (req, res, next, id: string) => (isLeadId(id) ? next() : notFound(req, res)))

  /** The request, or the 404 already answered. */
  const storedOr404 = async (req: Request, res: Response): Promise<StoredLead | null> => {
    const stored = await outboxOf().find(req.params.id ?? "")
    if (!stored) notFound(req, res)
    return stored
  }

  const buybackView = buybackViewOf(desk)

  router.get(
    "/:id",
    handleAsync(async (req, res) => {
      const stored = await storedOr404(req, res)
      if (!stored) return
      const buyback = await buybackView(req, stored)
      const view = {
        base: req.baseUrl,
        stored,
        channelsConfigured: channels(),
        grid: buybackGrid(),
        saved: req.query.enregistre === "1",
        ...(buyback ? { buyback } : {}),
      }
      sendHtml(res, 200, requestPage(view))
    }),
  )

  addBuybackSteps(router, desk, { storedOr404, notFound, channels })

  router.post(
    "/:id/suivi",
    ...formBody(64 * KB, 10),
    handleAsync(async (req, res) => {
      const id = req.params.id ?? ""
      const outcome = await saveHandling(outboxOf(), id, req.body, clock.now(), { buyback: desk !== undefined })
      if (outcome.ok) {
        const { status, updated_at } = outcome.handling
        if (wantsJson(req)) return void res.json({ status, statusLabel: HANDLING_WORDS[status], version: updated_at })
        return res.redirect(303, `${req.baseUrl}/${id}?enregistre=1#suivi`)
      }
      const stored = outcome.status === 404 ? null : await outboxOf().find(id)
      if (wantsJson(req) || !stored) return refuse(req, res, outcome.status, outcome.code, outcome.error)
      const buybackRuns = desk !== undefined && stored.lead.kind === "estimate"
      const view = { base: req.baseUrl, stored, channelsConfigured: channels(), grid: buybackGrid(), form: outcome.typed, problem: outcome.error, buybackRuns }
      sendHtml(res, outcome.status, requestPage(view))
    }),
  )

  router.post(
    "/:id/supprimer",
    handleAsync(async (req, res) => {
      const id = req.params.id ?? ""
      const outbox = outboxOf()
      // Looked up in the request's turn: of two « Supprimer » at once, the second finds it gone (404).
      const erased = await oneAtATime(id, async () => {
        if (!(await outbox.find(id))) return false
        leads().courier.forget(id)
        await outbox.erase(id)
        return true
      })
      if (!erased) return notFound(req, res)
      // The number only: the log keeps no personal data.
      console.log(`leads : demande ${id} supprimée depuis la boîte de réception`)
      res.redirect(303, `${req.baseUrl}/?supprimee=${id}`)
    }),
  )

  router.get(
    "/:id/:size(photos|apercus|vignettes)/:file",
    handleAsync(async (req, res) => {
      const stored = await storedOr404(req, res)
      if (!stored) return
      const photo = stored.lead.photos.find((listed) => listed.file === req.params.file)
      if (!photo) return refuse(req, res, 404, "not_found", "Photo introuvable dans cette demande.")
      const size = req.params.size ?? ""
      if (!isReducedSize(size)) {
        res.set({ "Content-Type": photo.type, "Content-Disposition": `inline; filename="${photo.file}"` })
        return res.sendFile(path.join(stored.dir, photo.file), { cacheControl: false, lastModified: false, etag: false, dotfiles: "deny" })
      }
      const reduced = await reducedPhoto(stored.dir, photo, size).catch((error: unknown) => {
        console.error(`inbox : photo ${photo.file} de ${stored.lead.id} illisible`, error)
        return null
      })
      if (!reduced) return refuse(req, res, 422, "unreadable_photo", "Photo illisible : ouvrez l'original.")
      res.type("image/webp").send(reduced)
    }),
  )

  router.use((req, res) => notFound(req, res))
  router.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error)
    // A request's file changed by hand (../leads/records.ts): said in French, the request left as it is.
    if (error instanceof UnreadableRecord) {
      console.error(`inbox : ${loggedPath(req.originalUrl)} : ${error.file} de la demande hors de son schéma`)
      return refuse(req, res, 409, "unreadable_record", error.message)
    }
    // A photo file gone between the check and the read: erased meanwhile.
    const status = (error as { status?: number }).status
    if (status === 404) return notFound(req, res)
    // The form reader's refusals (too big, too many fields, malformed): a forged post, never a 500.
    if (status !== undefined && status >= 400 && status < 500) {
      return refuse(req, res, status === 413 ? 413 : 400, "invalid_form", "Formulaire illisible ou trop long : revenez à la demande et recommencez.")
    }
    console.error(`inbox : ${req.method} ${loggedPath(req.originalUrl)} a échoué`, error)
    refuse(req, res, 500, "internal_error", "Erreur du serveur : réessayez dans un instant.")
  })
  return router
}
