/**
 * The static site of the build being served (./served.ts: public/, or the studio's latest
 * release; a file the new build lacks is answered from the build before): files sent as the build wrote them, the brotli/gzip twin the build
 * wrote beside each text file when the browser accepts it (express-static-gzip; nothing is
 * compressed per request), the headers of public/_headers, the French 404 page.
 *
 * What must stay true (issue 12): caching and ranges apply only to files that exist and
 * answers that succeed; an error answer never carries a stack, a server path or an asset's
 * immutable caching; build artefacts that are not for visitors answer 404.
 */
import express, { type ErrorRequestHandler, type NextFunction, type Request, type RequestHandler, type Response } from "express"
import expressStaticGzip from "express-static-gzip"
import { existsSync, readFileSync, statSync } from "node:fs"
import type { ServerResponse } from "node:http"
import { join, posix } from "node:path"
import { NO_STORE, NOTHING_TO_RUN } from "../http/responses"
import { headersForPath, parseHeaders, type HeaderRule } from "./headers-file"
import type { ServedSite } from "./served"

/** Source maps, webpack's stats and chunk map, host configuration, the compressed twins asked by name. */
export const NOT_FOR_VISITORS = /\.map$|(?:^|\/)(?:webpack\.stats\.json|chunk-map\.json|_headers|_redirects)$|\.(?:br|gz)$/

/**
 * The file a path names, decoded and normalised as the static server (send, under
 * express-static-gzip) will before it looks on disk: `/_header%73`, `/x/..%2F_headers` are
 * `/_headers`. NOT_FOR_VISITORS is tested on this, never on the raw path (issue 25). Throws on
 * malformed percent-escapes, as the static server would refuse them too.
 */
export function fileAskedFor(urlPath: string): string {
  return posix.normalize(`/${decodeURIComponent(urlPath)}`)
}

/** Headers a file answer sets that must not survive into an error answer. */
const FILE_HEADERS = ["Cache-Control", "Content-Encoding", "Content-Type", "Content-Range", "Content-Length", "ETag", "Last-Modified", "Accept-Ranges"]

type Build = {
  readonly publicDir: string
  readonly rules: ReadonlyArray<HeaderRule>
  readonly files: RequestHandler
  readonly notFound: Map<string, Buffer>
}

/** The path the client asked for, path prefix included (req.path is rewritten on the way: mount point, compressed twin). */
const pathOf = (req: Request) => req.originalUrl.split("?")[0] ?? "/"

/**
 * What a build wrote, read again whenever a new build rewrites its _headers (written last, in
 * gatsby-node's onPostBuild: `npm run build` over the public/ being served): its CSP lists the
 * build's inline-script hashes, and the compressed twins are indexed once per build.
 */
function readBuild(publicDir: string): Build {
  const rules = parseHeaders(readFileSync(join(publicDir, "_headers"), "utf8"))
  // Cache-Control from _headers is set here, when a file was found and is about to be sent.
  const setHeaders = (res: ServerResponse) => {
    const req = (res as Response).req
    for (const [name, value] of headersForPath(rules, pathOf(req))) if (name.toLowerCase() === "cache-control") res.setHeader(name, value)
  }
  const files = expressStaticGzip(publicDir, {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: "index.html",
    serveStatic: { dotfiles: "ignore", fallthrough: false, setHeaders },
  }) as unknown as RequestHandler
  return { publicDir, rules, files, notFound: new Map() }
}

/** The Build of each folder served (the current one and the one before), each read once per _headers. */
function builds(served: ServedSite): { current: () => Build; previous: () => Build | null } {
  const known = new Map<string, { readAt: number; build: Build }>()
  const buildOf = (publicDir: string): Build => {
    const modified = statSync(join(publicDir, "_headers"), { throwIfNoEntry: false })?.mtimeMs ?? -1
    const seen = known.get(publicDir)
    if (seen && (seen.readAt === modified || modified === -1)) return seen.build
    const build = readBuild(publicDir)
    known.set(publicDir, { readAt: modified, build })
    for (const dir of known.keys()) if (dir !== served.current.publicDir && dir !== served.previous?.publicDir) known.delete(dir)
    return build
  }
  return { current: () => buildOf(served.current.publicDir), previous: () => (served.previous ? buildOf(served.previous.publicDir) : null) }
}

const SUFFIX: Record<string, string> = { br: ".br", gzip: ".gz", identity: "" }

/** 404.html as the build wrote it in `encoding`, read once per build; null when that twin is missing. */
function notFoundPage(build: Build, encoding: string): Buffer | null {
  if (!build.notFound.has(encoding)) {
    const file = join(build.publicDir, `404.html${SUFFIX[encoding] ?? ""}`)
    if (!existsSync(file)) return null
    build.notFound.set(encoding, readFileSync(file))
  }
  return build.notFound.get(encoding) ?? null
}

/** The French 404 page, in the encoding the browser accepts, revalidated, never ranged. */
function sendNotFound(req: Request, res: Response, build: Build): void {
  for (const name of FILE_HEADERS) res.removeHeader(name)
  // The 404 page's own rule, whatever address was asked: its CSP lists its inline scripts' hashes.
  for (const [name, value] of headersForPath(build.rules, `${req.baseUrl}/404.html`)) if (name.toLowerCase() !== "cache-control") res.setHeader(name, value)
  const wanted = req.acceptsEncodings("br", "gzip", "identity") || "identity"
  const encoding = notFoundPage(build, wanted) ? wanted : "identity"
  const page = notFoundPage(build, encoding) ?? Buffer.from('<!doctype html><html lang="fr"><title>Page introuvable</title><h1>Page introuvable</h1></html>')
  res.status(404).set({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache", Vary: "Accept-Encoding" })
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding)
  res.end(req.method === "HEAD" ? undefined : page)
}

const MESSAGES: Record<number, string> = {
  400: "Adresse mal formée.",
  405: "Méthode non autorisée.",
  408: "La requête a mis trop de temps à arriver.",
  412: "Condition de la requête non remplie.",
  416: "Plage demandée hors du fichier.",
}

/** A short French page for the other errors: status, one sentence (the status's own, or `sentence`), nothing about the server. */
export function sendErrorPage(req: Request, res: Response, status: number, headers: Record<string, string> = {}, sentence?: string): void {
  if (res.headersSent) {
    res.destroy()
    return
  }
  for (const name of FILE_HEADERS) res.removeHeader(name)
  const message = sentence ?? MESSAGES[status] ?? (status >= 500 ? "Erreur interne du serveur." : "Requête impossible.")
  res.status(status).set({ "Content-Type": "text/html; charset=utf-8", ...NO_STORE, ...NOTHING_TO_RUN, ...headers })
  res.end(
    req.method === "HEAD"
      ? undefined
      : `<!doctype html><html lang="fr"><meta charset="utf-8"><title>${message}</title><h1>${message}</h1><p><a href="/">Retour à l'accueil</a></p></html>`,
  )
}

/** The build a request is answered from, chosen once when it arrives (see securityHeaders). */
const pinned = (res: Response): Build => res.locals.siteBuild as Build

export function siteRouter(served: ServedSite): { router: express.Router; securityHeaders: RequestHandler } {
  const known = builds(served)
  // Every answer, API and errors included, gets the security headers (CSP, nosniff, CORP…), from
  // the build chosen here: a switch to a new build mid-request cannot mix two builds' headers and files.
  const securityHeaders: RequestHandler = (req, res, next) => {
    const build = known.current()
    res.locals.siteBuild = build
    for (const [name, value] of headersForPath(build.rules, pathOf(req))) if (name.toLowerCase() !== "cache-control") res.setHeader(name, value)
    next()
  }
  /** A file the build lacks, asked by a page of the build before (its old hashed names): that build's file, else the 404 page. */
  const fromPrevious = (req: Request, res: Response, url: string): void => {
    const previous = known.previous()
    if (!previous || previous === pinned(res) || (req.method !== "GET" && req.method !== "HEAD")) return sendNotFound(req, res, pinned(res))
    req.url = url
    previous.files(req, res, () => sendNotFound(req, res, pinned(res)))
  }
  const router = express.Router()
  router.use((req: Request, res: Response, next: NextFunction) => {
    let asked: string
    try {
      asked = fileAskedFor(req.path)
    } catch {
      return sendErrorPage(req, res, 400)
    }
    if (NOT_FOR_VISITORS.test(asked)) return sendNotFound(req, res, pinned(res))
    res.locals.askedUrl = req.url
    pinned(res).files(req, res, next)
  })
  // The client's mistakes (404, 416…) are answered here; a failure goes on to the app's last resort.
  const errors: ErrorRequestHandler = (error: { status?: number; statusCode?: number; headers?: Record<string, string> }, req, res, next) => {
    const status = error.status ?? error.statusCode ?? 500
    if (status >= 500) return next(error)
    if (status === 404) return fromPrevious(req, res, String(res.locals.askedUrl ?? req.url))
    // send's 416 carries the Content-Range of the whole file ("bytes */size"); keep only that.
    const range = error.headers?.["Content-Range"]
    sendErrorPage(req, res, status, range ? { "Content-Range": range } : {})
  }
  router.use(errors)
  return { router, securityHeaders }
}
