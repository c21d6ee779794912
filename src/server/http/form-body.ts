/**
 * The body readers of the server's own pages (the owner's and the seller's forms, the studio's
 * JSON): body-parser, behind a check of the declared length. A body whose Content-Length already
 * says more than the route's limit is refused 413 at once, before a byte is read, and its
 * connection closed once the answer is sent: body-parser reads (and throws away) a refused body
 * to its end before answering, so 100 MB declared to a form held the connection until the body's
 * deadline, then 408 (the fifth probe).
 *
 * What must stay true: every route of these pages that reads a body reads it through here, its
 * limit written once; the refusal is body-parser's own kind (./refused-body.ts words it in French).
 */
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express"

export const KB = 1024

/** How long a refused client may read the 413 before its connection is closed. */
const LINGER_MS = 1000

function refuseDeclaredOver(limitBytes: number): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const declared = Number(req.headers["content-length"])
    if (!Number.isFinite(declared) || declared <= limitBytes) return next()
    res.setHeader("Connection", "close")
    res.once("finish", () => setTimeout(() => req.socket.destroy(), LINGER_MS).unref())
    next(Object.assign(new Error("request entity too large"), { status: 413, type: "entity.too.large" }))
  }
}

/** A urlencoded form of at most `limitBytes` and `fields` fields. */
export function formBody(limitBytes: number, fields: number): RequestHandler[] {
  return [refuseDeclaredOver(limitBytes), express.urlencoded({ extended: false, limit: limitBytes, parameterLimit: fields })]
}

/** A JSON body of at most `limitBytes`, `verify` run on its bytes before it is parsed. */
export function jsonBody(limitBytes: number, verify?: (req: Request, res: Response, body: Buffer) => void): RequestHandler[] {
  return [refuseDeclaredOver(limitBytes), express.json({ limit: limitBytes, ...(verify ? { verify } : {}) })]
}
