import type { Request } from "express"
import { buybackIntake } from "../server/buyback/intake"
import { receiveEstimate } from "../server/estimate/receive"
import { fromMulter } from "../server/estimate/develop"
import { apiFunction, sendApiResponse } from "../server/http/function-adapter"
import { siteLink } from "../server/site-link"
import { leadsService } from "../server/leads/service"
import { proofOfWork } from "../server/proof-of-work/guard"
import { readHostSettings } from "../server/settings"

// Built when the server loads the function: pending requests are replayed at start.
const service = leadsService()
const guard = proofOfWork()
// The site's path prefix (PATH_PREFIX): the seller's page lives below it, the API does not.
const { prefix } = readHostSettings().settings

/**
 * POST /api/estimate → 201 { id, message, page } (see src/server/estimate/receive.ts). The server read
 * the form (ESTIMATE_ROUTE in src/server/http/routes.ts): `req.body` is a MultipartBody whose photos
 * are temporary files. Under `gatsby develop`, multer parsed it instead (estimate/develop.ts). The
 * buy-back's intake (src/server/buyback/intake.ts) gives the request its seller's page.
 */
export default apiFunction(async (req, res) => {
  const parsed = await fromMulter(req)
  // Under our server and `gatsby develop` alike, the request is express's.
  const site = siteLink(req as unknown as Request, prefix)
  try {
    sendApiResponse(res, await receiveEstimate({ method: req.method, body: parsed ? parsed.body : req.body, site }, service, guard, buybackIntake))
  } finally {
    await parsed?.cleanup()
  }
})
