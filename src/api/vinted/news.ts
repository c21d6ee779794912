import { apiFunction, sendApiResponse } from "../../server/gatsby"
import { handleNews } from "../../server/vinted"

/** GET /api/vinted/news → { news: [...] } (content/news.json) */
export default apiFunction((req, res) => sendApiResponse(res, handleNews(req.method)))
