import { act, screen, waitFor } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { SPLASH_ENTER_DELAY_MS } from "../src/sections/Splash"
import { API_TIMEOUT_MS } from "../src/lib/api"
import { readList } from "./helpers/content"
import { jsonResponse, mockFetch, neverAnswers, offline, removeFetch, textResponse } from "./helpers/network"
import { renderHomePage } from "./helpers/page"

// Whole-page renders are slow in jsdom on a busy machine.
jest.setTimeout(20_000)

jest.mock("gatsby", () => jest.requireActual("../__mocks__/gatsby"))

type RawShop = { stats: { total_sales: number; rating: number } }
const shops = readList<RawShop>("shops")

let warn: jest.SpyInstance
let error: jest.SpyInstance
beforeEach(() => {
  document.documentElement.className = "js"
  warn = jest.spyOn(console, "warn").mockImplementation(() => undefined)
  error = jest.spyOn(console, "error")
})
afterEach(() => {
  removeFetch()
  jest.restoreAllMocks()
  jest.useRealTimers()
})

/** The hero's two figures as shown. */
const heroFigures = () => ({
  sales: screen.getByTestId("hero-total-sales").textContent,
  rating: screen.getByTestId("hero-rating").textContent,
})
const FALLBACKS = { sales: "300", rating: "4,9/5" }

describe("hero figures from the stores API", () => {
  it("shows the fallbacks first, then the total of sales and the mean rating of the stores", async () => {
    let answer: (response: Response) => void = () => undefined
    const fetch = mockFetch(() => new Promise((resolve) => (answer = resolve)))
    renderHomePage()
    expect(heroFigures()).toEqual(FALLBACKS)
    expect(fetch).toHaveBeenCalledWith("/api/vinted/stores", expect.anything())

    answer(
      jsonResponse({
        stores: [
          { id: "a", stats: { total_sales: 1200, rating: 4.6 } },
          { id: "b", stats: { total_sales: 34, rating: 4.8 } },
        ],
      }),
    )
    await waitFor(() => expect(heroFigures()).toEqual({ sales: "1\u202f234", rating: "4,7/5" }))
    expect(warn).not.toHaveBeenCalled()
  })

  it("computes the figures of the embedded API's demo shops (a bare array works too)", async () => {
    mockFetch(() => Promise.resolve(jsonResponse(shops)))
    renderHomePage()
    const total = shops.reduce((sum, shop) => sum + shop.stats.total_sales, 0)
    await waitFor(() => expect(heroFigures().sales).toBe(String(total)))
    expect(heroFigures().rating).toBe("4,9/5")
  })

  it("loads the stores once, not again when the visitor enters the site", async () => {
    jest.useFakeTimers()
    const fetch = mockFetch(() => Promise.resolve(jsonResponse({ stores: shops })))
    renderHomePage()
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime })
    await user.click(screen.getByRole("button", { name: "Entrer sur le site" }))
    act(() => jest.advanceTimersByTime(SPLASH_ENTER_DELAY_MS))
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument()
    expect(fetch.mock.calls.filter(([url]) => String(url).endsWith("/vinted/stores"))).toHaveLength(1)
  })

  it.each([
    ["an HTTP 500", () => Promise.resolve(jsonResponse({ error: "panne" }, 500))],
    ["malformed JSON", () => Promise.resolve(textResponse("{ stores: [ oops"))],
    ["an unexpected shape", () => Promise.resolve(jsonResponse({ data: shops }))],
    ["an empty list", () => Promise.resolve(jsonResponse({ stores: [] }))],
    ["non-numeric stats", () => Promise.resolve(jsonResponse({ stores: [{ stats: { total_sales: "beaucoup", rating: 4.5 } }] }))],
    ["no network", offline],
  ])("keeps 300 and 4,9 and only warns on %s", async (_label, answer) => {
    mockFetch(answer)
    renderHomePage()
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(1))
    expect(heroFigures()).toEqual(FALLBACKS)
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/^\[maxAi\] Boutiques/)
    expect(error).not.toHaveBeenCalled()
  })

  it("keeps the fallbacks and warns when the API does not answer in time", async () => {
    jest.useFakeTimers()
    mockFetch(neverAnswers)
    renderHomePage()
    await act(async () => {
      jest.advanceTimersByTime(API_TIMEOUT_MS)
    })
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(1))
    expect(String(warn.mock.calls[0]?.[0])).toContain(`${API_TIMEOUT_MS} ms`)
    expect(heroFigures()).toEqual(FALLBACKS)
    expect(error).not.toHaveBeenCalled()
  })
})
