import { apiFunction, sendApiResponse } from "../../server/http/function-adapter"
import { handleStores } from "../../server/vinted/handlers"

/** GET /api/vinted/stores → { stores: [{ id, name, url, stats: { total_sales, rating } }] } */
export default apiFunction((req, res) => sendApiResponse(res, handleStores(req.method)))
