import { apiFunction, sendApiResponse } from "../server/http/function-adapter"
import { handleChallenge } from "../server/proof-of-work/challenge"
import { proofOfWork } from "../server/proof-of-work/guard"

const guard = proofOfWork()

/** GET /api/challenge → an ALTCHA challenge for the anti-spam proof-of-work (src/server/proof-of-work/). */
export default apiFunction(async (req, res) => {
  sendApiResponse(res, await handleChallenge(req.method, guard))
})
