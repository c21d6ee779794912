import { API_TIMEOUT_MS, fetchNews, fetchStores } from "../src/lib/api"
import { jsonResponse, mockFetch, neverAnswers, offline, removeFetch, textResponse } from "./helpers/network"
import { readList } from "./helpers/content"

type RawShop = { id: string; name: string; url: string; stats: { total_sales: number; rating: number } }
const shops = readList<RawShop>("shops")

afterEach(() => {
  removeFetch()
  delete process.env.GATSBY_API_URL
  jest.useRealTimers()
})

describe("API base address", () => {
  it("defaults to the embedded API on the same origin", async () => {
    const fetch = mockFetch(() => Promise.resolve(jsonResponse([])))
    await fetchStores()
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/vinted/stores")
  })

  it("follows GATSBY_API_URL, without a trailing slash", async () => {
    process.env.GATSBY_API_URL = "https://api.example.fr/v1/"
    const fetch = mockFetch(() => Promise.resolve(jsonResponse([])))
    await fetchStores()
    expect(fetch).toHaveBeenCalledWith("https://api.example.fr/v1/vinted/stores", expect.objectContaining({ signal: expect.any(AbortSignal) }))
  })

  it("falls back to /api when GATSBY_API_URL is blank", async () => {
    process.env.GATSBY_API_URL = "  "
    const fetch = mockFetch(() => Promise.resolve(jsonResponse([])))
    await fetchNews()
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/vinted/news")
  })
})

describe("fetchStores", () => {
  it("accepts { stores: [...] } as the embedded API sends it", async () => {
    mockFetch(() => Promise.resolve(jsonResponse({ stores: shops })))
    const result = await fetchStores()
    expect(result).toEqual({ ok: true, data: shops })
  })

  it("accepts a bare array", async () => {
    mockFetch(() => Promise.resolve(jsonResponse(shops)))
    const result = await fetchStores()
    expect(result.ok && result.data.map((store) => store.stats.total_sales)).toEqual([187, 142])
  })

  it("accepts an empty list (the caller decides what it means)", async () => {
    mockFetch(() => Promise.resolve(jsonResponse({ stores: [] })))
    expect(await fetchStores()).toEqual({ ok: true, data: [] })
  })

  it.each([
    ["HTTP 500", () => Promise.resolve(jsonResponse({ error: "boom" }, 500)), "http"],
    ["HTTP 404", () => Promise.resolve(textResponse("<h1>Not found</h1>", 404)), "http"],
    ["malformed JSON", () => Promise.resolve(textResponse('{"stores": [')), "json"],
    ["an HTML page instead of JSON", () => Promise.resolve(textResponse("<!doctype html><p>Bonjour</p>")), "json"],
    ["an object without stores", () => Promise.resolve(jsonResponse({ shops })), "shape"],
    ["null", () => Promise.resolve(jsonResponse(null)), "shape"],
    ["stores that are not objects", () => Promise.resolve(jsonResponse({ stores: [1, 2] })), "shape"],
    ["a store without stats", () => Promise.resolve(jsonResponse({ stores: [{ id: "a" }] })), "shape"],
    ["text stats", () => Promise.resolve(jsonResponse([{ stats: { total_sales: "187", rating: 4.9 } }])), "shape"],
    ["a missing rating", () => Promise.resolve(jsonResponse([{ stats: { total_sales: 187 } }])), "shape"],
    ["a negative sales count", () => Promise.resolve(jsonResponse([{ stats: { total_sales: -1, rating: 4 } }])), "shape"],
    ["one bad store among good ones", () => Promise.resolve(jsonResponse([...shops, { stats: { total_sales: null, rating: 5 } }])), "shape"],
    ["the network being down", offline, "network"],
  ])("resolves to a failure, never throws, on %s", async (_label, answer, reason) => {
    mockFetch(answer)
    const result = await fetchStores()
    expect(result).toMatchObject({ ok: false, reason })
  })

  it("gives up after the timeout when the server never answers", async () => {
    jest.useFakeTimers()
    const fetch = mockFetch(neverAnswers)
    const pending = fetchStores()
    jest.advanceTimersByTime(API_TIMEOUT_MS - 1)
    expect(fetch.mock.calls[0]?.[1]?.signal?.aborted).toBe(false)
    jest.advanceTimersByTime(1)
    await expect(pending).resolves.toMatchObject({ ok: false, reason: "timeout" })
  })

  it("stops when the caller aborts (the page went away)", async () => {
    mockFetch(neverAnswers)
    const controller = new AbortController()
    const pending = fetchStores({ signal: controller.signal })
    controller.abort()
    await expect(pending).resolves.toMatchObject({ ok: false, reason: "aborted" })
  })

  it("asks for JSON", async () => {
    const fetch = mockFetch(() => Promise.resolve(jsonResponse([])))
    await fetchStores()
    expect(fetch.mock.calls[0]?.[1]?.headers).toEqual({ Accept: "application/json" })
  })
})

describe("fetchNews", () => {
  const news = readList<Record<string, unknown>>("news")

  it("accepts { news: [...] } and a bare array, kept as sent", async () => {
    mockFetch(() => Promise.resolve(jsonResponse({ news })))
    expect(await fetchNews()).toEqual({ ok: true, data: news })
    mockFetch(() => Promise.resolve(jsonResponse(news)))
    expect(await fetchNews()).toEqual({ ok: true, data: news })
  })

  it.each([
    ["HTTP 503", () => Promise.resolve(textResponse("Service Unavailable", 503)), "http"],
    ["malformed JSON", () => Promise.resolve(textResponse("[{")), "json"],
    ["a string", () => Promise.resolve(jsonResponse("news")), "shape"],
    ["items that are not objects", () => Promise.resolve(jsonResponse({ news: ["a", null] })), "shape"],
    ["the network being down", offline, "network"],
  ])("resolves to a failure on %s", async (_label, answer, reason) => {
    mockFetch(answer)
    await expect(fetchNews()).resolves.toMatchObject({ ok: false, reason })
  })
})
