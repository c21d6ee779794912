import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby"
import { sendApiResponse } from "../../server/gatsby"
import { handleNews } from "../../server/vinted"

/** GET /api/vinted/news → { news: [...] } (content/news.json) */
export default function news(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): void {
  sendApiResponse(res, handleNews(req.method))
}
