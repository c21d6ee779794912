/**
 * The production server as a value: the express app (API, then site) and the HTTP server with
 * its timeouts. src/server/host/serve.ts runs it on the build; jest runs it on an ephemeral loopback
 * port with the functions' sources and a small public/ fixture.
 */
import express, { type ErrorRequestHandler } from "express"
import { createServer, type Server } from "node:http"
import type { Socket } from "node:net"
import { errorResponse, internalError, NOTHING_TO_RUN } from "../http/responses"
import { refusedBody } from "../http/refused-body"
import { API_ROUTES } from "../http/routes"
import { readLeadsSettings, type HostSettings, type LeadsSettings, type StockSettings, type StudioSettings } from "../settings"
import { buybackService } from "../buyback/service"
import { paidPostage } from "../buyback/payment-steps"
import { sellerRouter } from "../buyback/seller-router"
import { GOLIVE_ROOM, goLiveRouter } from "../golive/router"
import { registerShop } from "../content"
import { registerRouter } from "../inbox/register-page"
import { inboxRouter, ownerFrame } from "../inbox/router"
import { questionsRouter } from "../questions/router"
import { stockRouter } from "../stock/router"
import { highestStockedNumber } from "../stock/book"
import { contentFile, mountStudio } from "../studio/mount"
import type { StudioPublication } from "../studio/mount"
import type { Database } from "../database/database"
import { apiRouter, sendJson, type OutboxRoomCheck } from "./api"
import { bodyDeadline } from "./body-deadline"
import type { ServedSite } from "./served"
import { sendErrorPage, siteRouter } from "./site"
import { loggedPath } from "../http/log-path"
import { holdsToQuery, UNREADABLE_ADDRESS } from "../http/form-schema"

/** The build to serve and the environment's settings (src/server/settings.ts: PATH_PREFIX, BODY_TIMEOUT_MS, rate limits, TRUST_PROXY). */
export type ServerSettings = Pick<HostSettings, "prefix" | "bodyTimeoutMs" | "rateLimits" | "trustProxy"> & {
  /** The build served, files and functions (./served.ts), switched when the studio republishes. */
  readonly site: ServedSite
  /** Where uploads stream while a request is read (./folders.ts: LEADS_DIR/.uploads, emptied at start). */
  readonly uploadDir: string
  /** The content studio at <prefix>/admin (src/server/studio/); without it, /admin/ is plain files. */
  readonly studio?: StudioSettings
  /** The studio's republication after a save (serve.ts: src/server/publish/); without it, saves only. */
  readonly publication?: StudioPublication
  /** Room in the outbox, asked before a leads route's body is read (serve.ts: src/server/leads/room.ts). */
  readonly outboxRoom?: OutboxRoomCheck
  /** Where requests go, for the go-live checklist; by default read from the environment like the leads service (tests give their own). */
  readonly delivery?: Pick<LeadsSettings, "smtp" | "webhook">
  /** REGISTER_DIR (serve.ts): with it, the sellers' pages at <prefix>/suivi/<token>/ and the payment step write there. */
  readonly registerDir?: string
  /** REGISTER_KEY_FILE and REGISTER_CHECKPOINT_DIR (serve.ts); by default beside REGISTER_DIR. */
  readonly registerKeyFile?: string
  readonly registerCheckpointDir?: string
  /** STOCK_DIR and the VAT rate (serve.ts): with the register and the database, the stock book at <prefix>/admin/stock/. */
  readonly stock?: StockSettings
  /** The shop's database, opened and migrated before the server listens (serve.ts: src/server/database/). */
  readonly database?: Database
}

/**
 * The one last-resort handler: whatever failed and was not answered (a function that threw, a
 * router's mistake) is logged and answered 500, JSON under /api/, a short French page elsewhere.
 */
export const lastResort: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  const isApi = /^\/(?:.*\/)?api\//.test(req.originalUrl)
  // A body refused by its reader (the login form's 4 KB, the studio's JSON…): the client's mistake, in French, no stack trace.
  const refused = refusedBody(error)
  if (refused) {
    console.error(`serve : ${req.method} ${loggedPath(req.originalUrl)} refusé (${refused.status} ${refused.error})`)
    if (isApi || !/\btext\/html\b/.test(req.get("accept") ?? "")) return sendJson(res, errorResponse(refused.status, refused.error, refused.message))
    return sendErrorPage(req, res, refused.status, {}, refused.message)
  }
  console.error(`serve : ${req.method} ${loggedPath(req.originalUrl)} a échoué`, error)
  if (isApi) sendJson(res, internalError())
  else sendErrorPage(req, res, 500)
}

/**
 * Chosen for a small JSON API and a static site (docs/security.md#timeouts): headers arrive within 10 s
 * (a slow-headers client cannot hold a connection), an idle keep-alive connection is closed after
 * 5 s, each body within its own time (./body-deadline.ts, and src/server/http/body.ts for the API),
 * and the whole request must be in 5 s after the longest body timeout: a backstop only, so our own
 * 408 always comes before Node's bare one.
 */
export const HEADERS_TIMEOUT_MS = 10_000
export const KEEP_ALIVE_TIMEOUT_MS = 5_000

export function createApp(settings: ServerSettings): express.Express {
  const app = express()
  app.disable("x-powered-by")
  app.set("trust proxy", settings.trustProxy)
  const { router: site, securityHeaders } = siteRouter(settings.site)
  const api = apiRouter(() => settings.site.current.functions, settings)
  // Query strings read the plain way (Node's querystring): `?q[a]=1` is the text of a parameter named « q[a] », never an object.
  app.set("query parser", "simple")
  app.use(securityHeaders)
  app.use(bodyDeadline(settings))
  // Every parameter of the server's own pages and API one text, bounded (../http/form-schema.ts): a list
  // or a text over the limit is 400 in French. Not the site's files, which read no parameter: a
  // visitor's link with a parameter twice (an advert's) still opens the page.
  const ownPages = new RegExp(`^(?:${settings.prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")})?/(?:api|suivi|admin)(?:/|$)`)
  app.use((req, res, next) => {
    if (!ownPages.test(req.path) || holdsToQuery(req.query)) return next()
    console.error(`serve : ${req.method} ${loggedPath(req.originalUrl)} refusé (400 adresse illisible)`)
    if (/\/api\//.test(req.path) || !/\btext\/html\b/.test(req.get("accept") ?? ""))
      return sendJson(res, errorResponse(400, "invalid_query", UNREADABLE_ADDRESS))
    sendErrorPage(req, res, 400, {}, UNREADABLE_ADDRESS)
  })
  // The browser calls GATSBY_API_URL, "/api" by default, even under a path prefix.
  app.use("/api", api)
  if (settings.prefix) {
    app.use(`${settings.prefix}/api`, api)
    app.get("/", (_req, res) => res.redirect(`${settings.prefix}/`))
  }
  // The buy-back: the seller's private pages, public (the token in the address is the key); the
  // owner's steps in the inbox and the register's page, rooms of the studio behind its session.
  const { registerDir: dir, registerKeyFile: keyFile, registerCheckpointDir: checkpointDir } = settings
  const { database } = settings
  // A number the stock already names is never given again, even to a register cut with its checkpoints.
  const stocked = database ? () => highestStockedNumber(database) : undefined
  const buyback = dir ? buybackService({ dir, ...(keyFile ? { keyFile } : {}), ...(checkpointDir ? { checkpointDir } : {}) }, undefined, stocked) : null
  buyback?.start().catch((error: unknown) => console.error("rachat : démarrage incomplet (registre)", error))
  if (buyback) app.use(`${settings.prefix}/suivi`, sellerRouter(buyback.buybacks))
  // The owner's inbox, questions, register and go-live checklist are rooms of the studio: behind its session, at
  // <prefix>/admin/demandes/, questions/ (its answers saved by the studio's save), registre/ and mise-en-ligne/.
  if (settings.studio) {
    const { siteDir } = settings.studio
    const questions = questionsRouter({ frame: ownerFrame, chatContent: contentFile(settings.studio, "chat.json", settings.publication) })
    const rooms: Record<string, express.Router> = {
      demandes: buyback ? inboxRouter(undefined, buyback.desk) : inboxRouter(),
      questions,
      [GOLIVE_ROOM]: goLiveRouter({ frame: ownerFrame, siteDir: settings.studio.siteDir, delivery: settings.delivery }),
      ...(buyback ? { registre: registerRouter({ ...buyback.register, shop: () => registerShop(siteDir) }) } : {}),
      ...(buyback && settings.stock && settings.database
        ? { stock: stockRoom(settings.studio, settings.stock, settings.database, buyback, settings.publication) }
        : {}),
    }
    mountStudio(app, settings.prefix, settings.studio, rooms, settings.publication)
  }
  app.use(settings.prefix || "/", site)
  app.use(lastResort)
  return app
}

/**
 * The stock book, a room of the studio: the register's entries read through the buy-back's reader
 * (and the postage refunded with each purchase, from its record),
 * the photos first found in LEADS_DIR, the gallery's entry saved by the studio's save.
 */
type BuybackService = ReturnType<typeof buybackService>

function stockRoom(studio: StudioSettings, stock: StockSettings, database: Database, buyback: BuybackService, publication?: StudioPublication) {
  const gallery = contentFile(studio, "sold-items.json", publication)
  return stockRouter({
    frame: ownerFrame,
    dir: stock.dir,
    database,
    register: buyback.register,
    postageOf: (request) => paidPostage(buyback.buybacks())(request),
    leadsDir: readLeadsSettings().settings.dir,
    vatRateHundredths: stock.vatRateHundredths,
    gallery: { read: gallery.read, categories: contentFile(studio, "categories.json").read, save: gallery.save },
  })
}

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, "request_timeout", "La requête a mis trop de temps à arriver."],
  HPE_HEADER_OVERFLOW: [431, "headers_too_large", "Les en-têtes de la requête sont trop volumineux."],
}

/**
 * Malformed HTTP (a bad chunk size, broken headers) or Node's own timeouts: a French JSON answer
 * when nothing was sent on this connection yet, then the connection is closed.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  const pending = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage
  if (error.code === "ECONNRESET" || !socket.writable || pending?.headersSent) {
    socket.destroy()
    return
  }
  const [status, code, message] = CLIENT_ERRORS[error.code ?? ""] ?? [400, "bad_request", "Requête HTTP mal formée."]
  const body = JSON.stringify({ error: code, message })
  socket.end(
    `HTTP/1.1 ${status} ${status === 400 ? "Bad Request" : status === 408 ? "Request Timeout" : "Request Header Fields Too Large"}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\n` +
      `Content-Security-Policy: ${NOTHING_TO_RUN["Content-Security-Policy"]}\r\nCross-Origin-Resource-Policy: same-origin\r\nConnection: close\r\n\r\n${body}`,
  )
}

export function createHttpServer(settings: ServerSettings): Server {
  const server = createServer({ connectionsCheckingInterval: 1000 }, createApp(settings))
  server.headersTimeout = HEADERS_TIMEOUT_MS
  const longestBody = Math.max(settings.bodyTimeoutMs, ...Object.values(API_ROUTES).map((route) => route.body?.timeoutMs ?? 0))
  server.requestTimeout = Math.max(HEADERS_TIMEOUT_MS, longestBody) + 5000
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS
  server.on("clientError", answerClientError)
  return server
}
