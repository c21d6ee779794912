import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby"
import { rawBodyConfig, readRawBody, sendApiResponse } from "../server/gatsby"
import { CONTACT_BODY_LIMIT_BYTES, receiveContact } from "../server/leads/contact"
import { leadsService } from "../server/leads/service"

/** Gatsby's parsers stay off (see api/chat.ts for why `config` is a destructuring). */
export const { config } = { config: rawBodyConfig }

const service = leadsService()

/** POST /api/contact (JSON: name, email, conversation) → 201 { id, message }. */
export default async function contact(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  const body = await readRawBody(req, CONTACT_BODY_LIMIT_BYTES)
  sendApiResponse(res, await receiveContact({ method: req.method, contentType: req.headers["content-type"], body, client: req.socket.remoteAddress ?? "inconnu" }, service))
}
