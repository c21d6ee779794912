/**
 * The stock book at `<prefix>/admin/stock/` (docs/stock.md#where-it-lives), a room of the studio like
 * the inbox: the host hands this router to studio/mount.ts (`rooms: { stock }`), which puts its
 * door in front (the owner's session: the login page for a page, else 401 JSON; the same-origin
 * rule on every POST). Nothing here is reachable without them.
 *
 *   GET  /                          the list (?statut=…&marque=…&age=…)
 *   GET  /<number>                  one garment and its forms
 *   POST /<number>/vente|vendu|retrait|retour   a change of the log (303 back, or the page again with each problem)
 *   POST /<number>/site             « Publier sur le site »: the gallery's entry, then the studio opened on it
 *   GET  /exports/                  the period's figures and print view (?periode=2026-11 | 2026-T4 | 2026, or ?du=…&au=…)
 *   GET  /exports/achats|ventes|marges|stock.csv   the four files
 *   GET  /photos/<n>.jpg, /vignettes/<n>.jpg, /photo-absente.svg, /stock.css, /stock.js
 *
 * What must stay true: every answer is private and not cached (costs and margins); a number must
 * be digits and a photo the kept one of that number, so no address reaches another file.
 */
import express, { type NextFunction, type Request, type Response } from "express"
import { handleAsync, ownerRoomRouter, sendHtml } from "../http/page-routes"
import { readFileSync } from "node:fs"
import { readFile } from "node:fs/promises"
import path from "node:path"
import type { StockItem } from "../../contract/stock"
import { frenchTypography } from "../../lib/typography"
import { shopDay } from "../shop-time"
import { StockBook, type ChangeOutcome, type Decision, type RegisterReader } from "./book"
import { exportFiles, periodFigures, periodPostages, readPeriod, type Period, type PostageReader } from "./exports"
import { EXPORT_KINDS, exportsPage, type ExportKind } from "./exports-page"
import { decideBackInStock, decideListing, decideSale, decideWithdrawal, typedOf, type Typed } from "./forms"
import { itemPage, type Refused } from "./item-page"
import { readFilter, stockListPage, type OwnerFrame } from "./list-page"
import { photoFile, keepPhotos, PLACEHOLDER_SVG } from "./photos"
import { galleryPriceFollows, publishOnSite, type GalleryPort } from "./publish"
import { STOCK_CSS } from "./style"
import { DONE_WORDS, STOCK_WORDS } from "./words"
import { clock } from "../clock"
import type { Database } from "../database/database"
import { ownValue } from "../../contract/own-keys"
import { formBody, KB } from "../http/form-body"
import { holdsToForm } from "../http/form-schema"

const SCRIPT = readFileSync(path.join(__dirname, "stock.js"), "utf8")

export type StockRoom = {
  /** The owner rooms' frame (src/server/inbox/layout.ts framePage), handed over by the host. */
  frame: OwnerFrame
  /** STOCK_DIR (src/server/settings.ts): the garments' photos. */
  dir: string
  /** The shop's database (src/server/database/), opened and migrated by the host: the change log. */
  database: Database
  /** The register's entries, handed over by the host (src/server/register/register.ts `list`). */
  register: RegisterReader
  /** LEADS_DIR: where the garments' photos are first found. */
  leadsDir?: string
  vatRateHundredths: number
  /** The postage refunded with a purchase (the buy-back's records, handed over by the host); none: the column stays empty. */
  postageOf?: PostageReader
  /** The gallery's content file and the studio's save (none: « Publier sur le site » is not offered). */
  gallery?: GalleryPort
}

/** Each form of the item's page and its fields (./item-page.ts): anything else is a forged post. */
const FORM_FIELDS: Record<string, readonly string[]> = {
  vente: ["vinted", "prix_demande", "version"],
  vendu: ["prix", "frais", "date", "canal", "reference", "version"],
  retrait: ["motif", "version"],
  retour: ["note", "version"],
  site: ["version"],
}
const FORGED = "Formulaire illisible : rechargez la page et recommencez."

const DECISIONS: Record<string, (item: StockItem, typed: Typed, now: Date) => Decision> = {
  vente: decideListing,
  vendu: decideSale,
  retrait: decideWithdrawal,
  retour: decideBackInStock,
}

export function stockRouter(room: StockRoom): express.Router {
  const { frame } = room
  const book = new StockBook(room.dir, room.register, room.database)
  const studioOf = (base: string) => base.slice(0, base.lastIndexOf("/"))
  /** Who saves to the gallery: the studio's session (its e-mail). */
  const authorOf = (req: Request) => (req as Request & { studioSession?: { email?: string } }).studioSession?.email ?? "studio"
  const galleryLink = (base: string) => `${studioOf(base)}/#/collections/listes/entries/sold-items`
  /** A period's figures, the postage refunded with its purchases included (the page and its files alike). */
  const figuresOf = async (period: Period) => {
    const items = await book.items()
    const postages = room.postageOf ? await periodPostages(items, period, room.postageOf) : new Map<string, number>()
    return periodFigures(items, period, room.vatRateHundredths, postages)
  }
  const router = ownerRoomRouter()

  const refuse = (req: Request, res: Response, status: number, error: string) => {
    if (!/\btext\/html\b/.test(req.get("accept") ?? "")) return void res.status(status).json({ error: frenchTypography(error) })
    sendHtml(
      res,
      status,
      frame({
        base: req.baseUrl,
        title: error,
        body: `<h1>${frenchTypography(error)}</h1><p><a class="button" href="${req.baseUrl}/">${STOCK_WORDS.title}</a></p>`,
      }),
    )
  }

  const stockWithPhotos = async () => {
    const items = await book.items()
    return { items, photos: await keepPhotos(book.dir, room.leadsDir, items) }
  }

  const showItem = async (req: Request, res: Response, status: number, item: StockItem, extra: { notice?: string; refused?: Refused } = {}) => {
    const photos = await keepPhotos(book.dir, room.leadsDir, [item])
    const view = { base: req.baseUrl, frame, item, photo: photos.has(item.number), today: shopDay(clock.now()), canPublish: Boolean(room.gallery), ...extra }
    sendHtml(res, status, itemPage(room.gallery ? { ...view, studioLink: galleryLink(req.baseUrl) } : view))
  }

  router.get("/stock.css", (_req, res) => void res.type("css").send(STOCK_CSS))
  router.get("/stock.js", (_req, res) => void res.type("js").send(SCRIPT))
  router.get("/photo-absente.svg", (_req, res) => void res.type("svg").send(PLACEHOLDER_SVG))

  router.get(
    "/",
    handleAsync(async (req, res) => {
      if (!req.originalUrl.split("?")[0]?.endsWith("/")) return res.redirect(301, `${req.baseUrl}/`)
      const { items, photos } = await stockWithPhotos()
      sendHtml(res, 200, stockListPage({ base: req.baseUrl, frame, items, photos, filter: readFilter(req.query), today: shopDay(clock.now()) }))
    }),
  )

  router.get(
    "/exports/",
    handleAsync(async (req, res) => {
      const now = clock.now()
      const period = readPeriod(req.query, now)
      const today = shopDay(now)
      const asked = typeof req.query.periode === "string" ? req.query.periode : today.slice(0, 7)
      if ("problem" in period) {
        const figures = await figuresOf(readPeriod({}, now) as Exclude<typeof period, { problem: string }>)
        return sendHtml(res, 400, exportsPage({ base: req.baseUrl, frame, figures, asked, today, problem: period.problem }))
      }
      sendHtml(res, 200, exportsPage({ base: req.baseUrl, frame, figures: await figuresOf(period), asked, today }))
    }),
  )

  router.get(
    "/exports/:kind.csv",
    handleAsync(async (req, res) => {
      const index = EXPORT_KINDS.indexOf(req.params.kind as ExportKind)
      if (index < 0) return refuse(req, res, 404, "Export inconnu : achats, ventes, marges ou stock.")
      const period = readPeriod(req.query, clock.now())
      if ("problem" in period) return refuse(req, res, 400, period.problem)
      const file = exportFiles(await figuresOf(period))[index]!
      res.set({ "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${file.name}"` })
      res.send(file.csv)
    }),
  )

  router.get(
    "/:size(photos|vignettes)/:number(\\d{1,8}).jpg",
    handleAsync(async (req, res) => {
      const size = req.params.size === "photos" ? "photo" : "vignette"
      try {
        res.type("jpeg").send(await readFile(photoFile(book.dir, Number(req.params.number), size)))
      } catch {
        res.type("svg").send(PLACEHOLDER_SVG)
      }
    }),
  )

  router.param("number", (req, res, next, number: string) => (/^\d{1,8}$/.test(number) ? next() : refuse(req, res, 404, STOCK_WORDS.notFound)))

  router.get(
    "/:number",
    handleAsync(async (req, res) => {
      const item = await book.item(Number(req.params.number))
      if (!item) return refuse(req, res, 404, STOCK_WORDS.notFound)
      const notice = ownValue(DONE_WORDS, req.query.fait)
      await showItem(req, res, 200, item, notice ? { notice } : {})
    }),
  )

  const form = formBody(16 * KB, 12)

  router.post(
    "/:number/:form(vente|vendu|retrait|retour)",
    form,
    handleAsync(async (req, res) => {
      const name = req.params.form ?? ""
      if (!holdsToForm(req.body, { fields: FORM_FIELDS[name] ?? [] })) return refuse(req, res, 400, FORGED)
      const typed = typedOf(req.body)
      const decide = DECISIONS[name]!
      const at = clock.now()
      const outcome: ChangeOutcome = await book.change(Number(req.params.number), typed.version ?? "", (item) => decide(item, typed, at), at)
      if (outcome.ok) {
        // The gallery's card follows a published item's price (sold: the sale's); the change stands if that save fails.
        if (room.gallery && outcome.item.site_id !== undefined) {
          const followed = await galleryPriceFollows(outcome.item, room.gallery, authorOf(req)).catch((error: unknown) => ({ ok: false, error }))
          if (!followed.ok) console.error(`stock : prix de la fiche n° ${outcome.item.site_id} non mis à jour dans la galerie`, followed)
        }
        return res.redirect(303, `${req.baseUrl}/${outcome.item.number}?fait=${name}#contenu`)
      }
      if (!outcome.item) return refuse(req, res, outcome.status, outcome.error)
      await showItem(req, res, outcome.status, outcome.item, {
        refused: { form: name, error: outcome.error, typed, ...(outcome.fields ? { fields: outcome.fields } : {}) },
      })
    }),
  )

  router.post(
    "/:number/site",
    form,
    handleAsync(async (req, res) => {
      if (!holdsToForm(req.body, { fields: FORM_FIELDS.site ?? [] })) return refuse(req, res, 400, FORGED)
      const typed = typedOf(req.body)
      const item = await book.item(Number(req.params.number))
      if (!item) return refuse(req, res, 404, STOCK_WORDS.notFound)
      const again = (status: number, error: string) => showItem(req, res, status, item, { refused: { form: "site", error, typed } })
      if (!room.gallery) return again(409, "Ce serveur n'enregistre pas de contenu : créez la fiche depuis le studio.")
      if (item.site_id !== undefined) return res.redirect(303, galleryLink(req.baseUrl))
      if ((typed.version ?? "") !== item.version)
        return again(409, "Cet article a été modifié ailleurs (autre onglet ou appareil) : voici son état actuel. Vérifiez-le et recommencez.")
      const published = await publishOnSite(item, book.dir, room.gallery, authorOf(req))
      if (!published.ok) return again(published.status, published.error)
      const recorded = await book.change(item.number, item.version, () => ({ ok: true, change: { kind: "published", site_id: published.id } }), clock.now())
      if (!recorded.ok) console.error(`stock : fiche n° ${published.id} créée pour l'article n° ${item.number}, mais non notée au stock : ${recorded.error}`)
      res.redirect(303, galleryLink(req.baseUrl))
    }),
  )

  router.use((req, res) => refuse(req, res, 404, "Page introuvable dans le stock."))
  router.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error)
    const status = (error as { status?: number }).status ?? 500
    // The body reader's refusals, a forged post answered in French: over the 16 KB limit 413 (as every
    // other route, issue 49), too many fields or malformed 400.
    if (status >= 400 && status < 500) {
      const tooLarge = (error as { type?: unknown }).type === "entity.too.large"
      return refuse(req, res, tooLarge ? 413 : 400, "Formulaire illisible ou trop long : rechargez la page et recommencez.")
    }
    console.error(`stock : ${req.method} ${req.baseUrl}${req.path} a échoué`, error)
    refuse(req, res, 500, "Erreur du serveur : réessayez dans un instant.")
  })
  return router
}
