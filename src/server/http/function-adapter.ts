/**
 * The Gatsby Functions adapter: the thin layer between a Gatsby Function (src/api/) and the pure
 * handlers. The body is read before the function runs (src/server/host/api.ts through
 * src/server/http/body.ts) and handed over in `req.body`: raw bytes for JSON routes. Functions
 * never read the request stream themselves, and what they return never rejects (apiFunction),
 * because Gatsby's function wrapper drops their promise.
 */
import type { GatsbyFunctionConfig, GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby"
import { internalError, type ApiResponse } from "./responses"
import type { BodyRule } from "./routes"
import { loggedPath } from "./log-path"

/** A media type no client sends: the Gatsby body parser it is given never runs. */
const NO_MEDIA_TYPE = "application/x-maxai-unparsed"

/**
 * Under `gatsby develop` (no src/server/host/serve.ts in front), Gatsby's raw parser hands the body over
 * as bytes, like our server does; its other parsers stay off, so malformed JSON reaches our code.
 */
export function rawBodyConfig(rule: BodyRule): GatsbyFunctionConfig {
  return {
    bodyParser: {
      raw: { type: "*/*", limit: rule.maxBytes },
      json: { type: NO_MEDIA_TYPE },
      text: { type: NO_MEDIA_TYPE },
      urlencoded: { type: NO_MEDIA_TYPE, extended: false },
    },
  }
}

/** The body the server read, as UTF-8 text ("" when there was none). */
export function textBody(req: GatsbyFunctionRequest): string {
  return Buffer.isBuffer(req.body) ? req.body.toString("utf8") : ""
}

export function sendApiResponse(res: GatsbyFunctionResponse, response: ApiResponse): void {
  res.setHeader("X-Content-Type-Options", "nosniff")
  for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value)
  res.status(response.status).json(response.body)
}

type Handler = (req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) => void | Promise<void>

/** A function whose mistakes end as a 500 JSON answer, never as a rejected promise nobody awaits. */
export function apiFunction(handler: Handler): (req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) => Promise<void> {
  return async (req, res) => {
    try {
      await handler(req, res)
    } catch (error) {
      console.error(`API ${req.method} ${loggedPath(req.url ?? "")} : erreur`, error)
      if (!res.headersSent) sendApiResponse(res, internalError())
    }
  }
}
