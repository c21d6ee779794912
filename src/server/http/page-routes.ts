/**
 * The routes of the server's own HTML pages: what every owner's room answers with (the inbox, the register,
 * the questions, the stock book: rooms of the studio, behind its door) and how an express route of
 * the server (those rooms, the seller's page) runs its async work.
 *
 * What must stay true: an owner's page is private, never cached, never indexed, never framed,
 * runs only this site's own scripts and styles and posts only to this site.
 */
import express, { type Request, type RequestHandler, type Response } from "express"
import { focusFirstProblem } from "./html"

const OWNER_PAGE_HEADERS = {
  "Cache-Control": "private, no-store",
  "Content-Security-Policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "same-origin",
} as const

/** The router of an owner's room: every answer it gives carries OWNER_PAGE_HEADERS. */
export function ownerRoomRouter(): express.Router {
  const router = express.Router()
  router.use((_req, res, next) => {
    res.set(OWNER_PAGE_HEADERS)
    next()
  })
  return router
}

/** Express 4 does not catch a rejected promise: it goes to the router's error handler. */
export const handleAsync =
  (handler: (req: Request, res: Response) => Promise<void>): RequestHandler =>
  (req, res, next) =>
    void handler(req, res).catch(next)

/** An HTML page; a refusal (4xx) lands on its first problem (./html.ts focusFirstProblem). */
export const sendHtml = (res: Response, status: number, html: string) =>
  void res
    .status(status)
    .type("html")
    .send(status >= 400 && status < 500 ? focusFirstProblem(html) : html)
