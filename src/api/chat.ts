import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby"
import { CHAT_BODY_LIMIT_BYTES, handleChat } from "../server/chat"
import { rawBodyConfig, readRawBody, sendApiResponse } from "../server/gatsby"

/**
 * Gatsby's body parsers stay off this route: we parse the body ourselves to answer every
 * mistake in JSON. Written as a destructuring on purpose: Gatsby's build scans every file in
 * src/ and takes a plain `export const config = …` for a page asking for SSR, then builds
 * rendering engines, which fail here on sharp (gatsbyjs/gatsby#38465). The function loader
 * still finds `config` on the module.
 */
export const { config } = { config: rawBodyConfig }

/** POST /api/chat → { bot_response } (see src/server/chat.ts). */
export default async function chat(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  const body = await readRawBody(req, CHAT_BODY_LIMIT_BYTES)
  sendApiResponse(res, handleChat({ method: req.method, contentType: req.headers["content-type"], body }))
}
