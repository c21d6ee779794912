import { apiFunction, rawBodyConfig, sendApiResponse, textBody } from "../server/http/function-adapter"
import { receiveContact } from "../server/contact/receive"
import { leadsService } from "../server/leads/service"
import { proofOfWork } from "../server/proof-of-work/guard"
import { CONTACT_ROUTE } from "../server/http/routes"

/** Gatsby's parsers stay off under `gatsby develop` (see api/chat.ts for why `config` is a destructuring). */
export const { config } = { config: rawBodyConfig(CONTACT_ROUTE.body) }

const service = leadsService()
const guard = proofOfWork()

/** POST /api/contact (JSON: name, email, conversation) → 201 { id, message }; the server read the body (CONTACT_ROUTE). */
export default apiFunction(async (req, res) => {
  sendApiResponse(res, await receiveContact({ method: req.method, contentType: req.headers["content-type"], body: textBody(req) }, service, guard))
})
