import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby"
import { receiveEstimate } from "../server/estimate/receive"
import { rawBodyConfig, sendApiResponse } from "../server/gatsby"
import { leadsService } from "../server/leads/service"

/** Gatsby's parsers stay off: the multipart body reaches busboy as a stream (see api/chat.ts for the destructuring). */
export const { config } = { config: rawBodyConfig }

// Built when the server loads the function: pending requests are replayed at start.
const service = leadsService()

/** POST /api/estimate (multipart) → 201 { id, message } (see src/server/estimate/receive.ts). */
export default async function estimate(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  const received = await receiveEstimate(req, service)
  if (!received || res.writableEnded || req.socket.destroyed) return
  if (received.closeConnection) res.setHeader("Connection", "close")
  sendApiResponse(res, received.response)
}
