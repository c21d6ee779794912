import { receiveEstimate } from "../server/estimate/receive"
import { fromMulter } from "../server/estimate/develop"
import { apiFunction, sendApiResponse } from "../server/http/function-adapter"
import { leadsService } from "../server/leads/service"
import { proofOfWork } from "../server/proof-of-work/guard"

// Built when the server loads the function: pending requests are replayed at start.
const service = leadsService()
const guard = proofOfWork()

/**
 * POST /api/estimate → 201 { id, message } (see src/server/estimate/receive.ts). The server read
 * the form (ESTIMATE_ROUTE in src/server/http/routes.ts): `req.body` is a MultipartBody whose photos
 * are temporary files. Under `gatsby develop`, multer parsed it instead (estimate/develop.ts).
 */
export default apiFunction(async (req, res) => {
  const parsed = await fromMulter(req)
  try {
    sendApiResponse(res, await receiveEstimate({ method: req.method, body: parsed ? parsed.body : req.body }, service, guard))
  } finally {
    await parsed?.cleanup()
  }
})
