/**
 * The thin layer between Gatsby Functions and the pure handlers: read the raw body ourselves
 * (Gatsby's own parsers answer malformed JSON with an HTML page before our code runs) and
 * send an ApiResponse as JSON.
 */
import type { IncomingMessage } from "node:http"
import type { GatsbyFunctionConfig, GatsbyFunctionResponse } from "gatsby"
import type { ApiResponse } from "./http"

/** A media type no client sends: none of Gatsby's body parsers touches the request stream. */
const NO_MEDIA_TYPE = "application/x-maxai-unparsed"

export const rawBodyConfig: GatsbyFunctionConfig = {
  bodyParser: {
    json: { type: NO_MEDIA_TYPE },
    text: { type: NO_MEDIA_TYPE },
    raw: { type: NO_MEDIA_TYPE },
    urlencoded: { type: NO_MEDIA_TYPE, extended: false },
  },
}

/** The body as UTF-8 text, or null past `limitBytes` (the rest is drained, not kept). */
export async function readRawBody(req: IncomingMessage, limitBytes: number): Promise<string | null> {
  // Already consumed upstream (multipart forms are parsed before any function runs).
  if (req.readableEnded) return ""
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk))
    size += buffer.length
    if (size <= limitBytes) chunks.push(buffer)
  }
  return size > limitBytes ? null : Buffer.concat(chunks).toString("utf8")
}

export function sendApiResponse(res: GatsbyFunctionResponse, response: ApiResponse): void {
  res.setHeader("X-Content-Type-Options", "nosniff")
  for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value)
  res.status(response.status).json(response.body)
}
