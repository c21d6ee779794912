import { handleChat } from "../server/chat/handler"
import { apiFunction, rawBodyConfig, sendApiResponse, textBody } from "../server/http/function-adapter"
import { CHAT_ROUTE } from "../server/http/routes"
import { recordUnanswered } from "../server/questions/store"

/**
 * Gatsby's JSON parser stays off this route: we parse the body ourselves to answer every
 * mistake in JSON. Written as a destructuring on purpose: Gatsby's build scans every file in
 * src/ and takes a plain `export const config = …` for a page asking for SSR, then builds
 * rendering engines, which fail here on sharp (gatsbyjs/gatsby#38465). The function loader
 * still finds `config` on the module.
 */
export const { config } = { config: rawBodyConfig(CHAT_ROUTE.body) }

/**
 * POST /api/chat → { bot_response } (see src/server/chat/handler.ts); the body was read by the
 * server (src/server/http/body.ts). A question maxAi cannot answer goes to the owner's list
 * (src/server/questions/, beside the outbox in LEADS_DIR), masked; at most
 * QUESTION_LIMITS.perAddressPerDay a day from one address.
 */
export default apiFunction((req, res) => {
  // The visitor's address, as the server judged it (TRUST_PROXY): a cap on what one address adds to the list, never written.
  const address = (req as { ip?: string }).ip ?? req.socket?.remoteAddress ?? ""
  const record = (text: string, termsOf: Parameters<typeof recordUnanswered>[1]) => recordUnanswered(text, termsOf, address)
  sendApiResponse(res, handleChat({ method: req.method, contentType: req.headers["content-type"], body: textBody(req) }, record))
})
