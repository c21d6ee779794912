import { apiFunction, sendApiResponse } from "../../server/http/function-adapter"
import { handleNews } from "../../server/vinted/handlers"

/** GET /api/vinted/news → { news: [...] } (content/news.json) */
export default apiFunction((req, res) => sendApiResponse(res, handleNews(req.method)))
