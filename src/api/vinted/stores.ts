import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby"
import { sendApiResponse } from "../../server/gatsby"
import { handleStores } from "../../server/vinted"

/** GET /api/vinted/stores → { stores: [{ id, name, url, stats: { total_sales, rating } }] } */
export default function stores(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): void {
  sendApiResponse(res, handleStores(req.method))
}
