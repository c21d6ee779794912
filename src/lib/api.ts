/**
 * The one client for runtime data: the main API's stores and news.
 * Every call has a timeout and checks the response shape. GETs never throw: they resolve to
 * `{ ok: false }` with a reason, and the caller keeps the content fallbacks.
 */

import type { Store as ContractStore } from "../contract/stores"
import { endpoint } from "./endpoint"
import { withTimeout } from "./with-timeout"

/** Long enough for a slow mobile network, short enough that fallbacks never wait forever. */
export const API_TIMEOUT_MS = 8000

/** Why a load failed; `message` is for the console, never shown to visitors. */
export type ApiFailure = {
  readonly ok: false
  readonly reason: "http" | "network" | "timeout" | "aborted" | "json" | "shape"
  readonly message: string
}
export type ApiResult<T> = { readonly ok: true; readonly data: T } | ApiFailure

/** What the page reads of a store (src/contract/stores.ts): its `stats`; other fields are ignored. */
export type Store = Pick<ContractStore, "stats">
/** The news API's shape is open: any JSON objects, kept as they come. */
export type NewsItem = { readonly [field: string]: unknown }

type RequestOptions = { readonly signal?: AbortSignal }

function failure(reason: ApiFailure["reason"], message: string): ApiFailure {
  return { ok: false, reason, message }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

function isStat(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0
}

/** GET `{GATSBY_API_URL}{path}` as JSON, with the timeout; the caller's signal (unmount) also aborts. */
async function getJson(path: string, options: RequestOptions): Promise<ApiResult<unknown>> {
  const url = endpoint("data", path)
  const outcome = await withTimeout(API_TIMEOUT_MS, options.signal, async (signal): Promise<ApiResult<unknown>> => {
    const response = await fetch(url, { headers: { Accept: "application/json" }, signal })
    if (!response.ok) return failure("http", `GET ${url} : HTTP ${response.status}`)
    const text = await response.text()
    try {
      return { ok: true, data: JSON.parse(text) as unknown }
    } catch {
      return failure("json", `GET ${url} : réponse qui n'est pas du JSON`)
    }
  })
  if (outcome.ok) return outcome.value
  if (outcome.reason === "timeout") return failure("timeout", `GET ${url} : pas de réponse après ${API_TIMEOUT_MS} ms`)
  if (outcome.reason === "aborted") return failure("aborted", `GET ${url} : requête annulée`)
  const { error } = outcome
  return failure("network", `GET ${url} : ${error instanceof Error ? error.message : String(error)}`)
}

/** Accepts a bare array or an object holding the array under `key` (`{ stores: [...] }`). */
function listFrom(body: unknown, key: string): unknown[] | null {
  if (Array.isArray(body)) return body
  if (isRecord(body) && Array.isArray(body[key])) return body[key]
  return null
}

function isStore(value: unknown): value is Store {
  return isRecord(value) && isRecord(value.stats) && isStat(value.stats.total_sales) && isStat(value.stats.rating)
}

/**
 * GET {api}/vinted/stores. One store without numeric `stats.total_sales` and `stats.rating`
 * fails the whole list: a partial sum would show a figure that is silently wrong.
 */
export async function fetchStores(options: RequestOptions = {}): Promise<ApiResult<ReadonlyArray<Store>>> {
  const result = await getJson("/vinted/stores", options)
  if (!result.ok) return result
  const stores = listFrom(result.data, "stores")
  if (!stores) return failure("shape", "GET /vinted/stores : ni tableau ni { stores: [...] }")
  const invalid = stores.findIndex((store) => !isStore(store))
  if (invalid !== -1) return failure("shape", `GET /vinted/stores : stores[${invalid}].stats sans total_sales et rating numériques`)
  return { ok: true, data: stores.filter(isStore) }
}

/** GET {api}/vinted/news: a list of objects, kept as sent. */
export async function fetchNews(options: RequestOptions = {}): Promise<ApiResult<ReadonlyArray<NewsItem>>> {
  const result = await getJson("/vinted/news", options)
  if (!result.ok) return result
  const news = listFrom(result.data, "news")
  if (!news) return failure("shape", "GET /vinted/news : ni tableau ni { news: [...] }")
  if (!news.every(isRecord)) return failure("shape", "GET /vinted/news : chaque actualité doit être un objet")
  return { ok: true, data: news.filter(isRecord) }
}
