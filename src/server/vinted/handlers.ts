/**
 * GET /api/vinted/stores and /api/vinted/news, served from the same content files the page
 * is built from, so the hero figures and the API never disagree.
 */
import news from "../../../content/news.json"
import shops from "../../../content/shops.json"
import type { Store } from "../../contract/stores"
import { allowedMethod, jsonResponse, methodNotAllowed, type ApiResponse } from "../http/responses"

/** The data only changes with a new build; a short shared cache spares repeated calls. */
const CACHE = { "Cache-Control": "public, max-age=300" }

export function listStores(): Store[] {
  return shops.items.map(({ id, name, url, stats }) => ({ id, name, url, stats: { total_sales: stats.total_sales, rating: stats.rating } }))
}

export function handleStores(method: string | undefined): ApiResponse {
  if (!allowedMethod(method, ["GET"])) return methodNotAllowed(["GET"])
  return jsonResponse(200, { stores: listStores() }, CACHE)
}

export function handleNews(method: string | undefined): ApiResponse {
  if (!allowedMethod(method, ["GET"])) return methodNotAllowed(["GET"])
  return jsonResponse(200, { news: news.items }, CACHE)
}
