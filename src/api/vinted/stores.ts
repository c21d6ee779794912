import { apiFunction, sendApiResponse } from "../../server/gatsby"
import { handleStores } from "../../server/vinted"

/** GET /api/vinted/stores → { stores: [{ id, name, url, stats: { total_sales, rating } }] } */
export default apiFunction((req, res) => sendApiResponse(res, handleStores(req.method)))
