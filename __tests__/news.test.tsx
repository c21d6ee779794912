import { act, waitFor, within } from "@testing-library/react"
import { NEWS_PRELOAD_MARGIN } from "../src/hooks/useNews"
import { readList } from "./helpers/content"
import { ControlledObserver, installControlledObserver, observerOf } from "./helpers/intersection-observer"
import { jsonResponse, mockFetch, neverAnswers, offline, removeFetch, textResponse, type FetchMock } from "./helpers/network"
import { renderHomePage } from "./helpers/page"

// Whole-page renders are slow in jsdom on a busy machine.
jest.setTimeout(20_000)

jest.mock("gatsby", () => jest.requireActual("../__mocks__/gatsby"))

type Article = { title: string }
const articles = readList<Article>("news")

const newsSection = () => document.getElementById("actualites") as HTMLElement
const newsObserver = () => observerOf(newsSection())
const newsCalls = (fetch: FetchMock) => fetch.mock.calls.filter(([url]) => String(url).endsWith("/vinted/news"))
const loadingText = "Mise à jour des actualités…"

let warn: jest.SpyInstance
let error: jest.SpyInstance
let answerNews: (response: Response) => void
let fetch: FetchMock

installControlledObserver()
beforeEach(() => {
  document.documentElement.className = "js"
  warn = jest.spyOn(console, "warn").mockImplementation(() => undefined)
  error = jest.spyOn(console, "error")
  fetch = mockFetch((url, init) => {
    if (url.endsWith("/vinted/news")) return new Promise((resolve) => (answerNews = resolve))
    // The stores stay pending: these tests are about the news alone.
    return neverAnswers(url, init)
  })
})
afterEach(() => {
  removeFetch()
  jest.restoreAllMocks()
})

function comeNear() {
  const observer = newsObserver()
  if (!observer) throw new Error("La section actualités n'est pas observée.")
  act(() => observer.report(true))
}

describe("24h news loading", () => {
  it("waits until the section comes near the viewport, with a margin", () => {
    renderHomePage()
    expect(newsObserver()?.options.rootMargin).toBe(NEWS_PRELOAD_MARGIN)
    act(() => newsObserver()?.report(false))
    expect(newsCalls(fetch)).toHaveLength(0)
  })

  it("shows a loading state while the news loads, cleared when it arrives; the articles stay the content ones", async () => {
    renderHomePage()
    comeNear()
    expect(newsCalls(fetch)).toHaveLength(1)
    expect(newsCalls(fetch)[0]?.[0]).toBe("/api/vinted/news")
    const status = within(newsSection()).getByRole("status")
    expect(status).toHaveTextContent(loadingText)
    expect(newsSection()).toHaveAttribute("aria-busy", "true")

    act(() => answerNews(jsonResponse({ news: [{ id: "x", title: "Une autre actualité" }] })))
    await waitFor(() => expect(status).toHaveTextContent(""))
    expect(newsSection()).toHaveAttribute("aria-busy", "false")
    const titles = within(newsSection())
      .getAllByRole("heading", { level: 3 })
      .map((heading) => heading.textContent)
    expect(titles).toEqual(articles.map((article) => article.title))
    expect(newsObserver()?.disconnected).toBe(true)
    expect(warn).not.toHaveBeenCalled()
  })

  it.each([
    ["an HTTP 500", () => jsonResponse({ error: "panne" }, 500)],
    ["malformed JSON", () => textResponse("[{")],
    ["an unexpected shape", () => jsonResponse({ items: [] })],
  ])("clears the loading state and only warns on %s", async (_label, response) => {
    renderHomePage()
    comeNear()
    expect(within(newsSection()).getByRole("status")).toHaveTextContent(loadingText)
    act(() => answerNews(response()))
    await waitFor(() => expect(within(newsSection()).getByRole("status")).toHaveTextContent(""))
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/Actualités/)
    expect(error).not.toHaveBeenCalled()
    expect(within(newsSection()).getAllByRole("article")).toHaveLength(articles.length)
  })

  it("clears the loading state when offline", async () => {
    fetch.mockImplementation((url, init) => (String(url).endsWith("/vinted/news") ? offline() : neverAnswers(String(url), init)))
    renderHomePage()
    comeNear()
    await waitFor(() => expect(within(newsSection()).getByRole("status")).toHaveTextContent(""))
    expect(newsSection()).toHaveAttribute("aria-busy", "false")
    expect(error).not.toHaveBeenCalled()
  })

  it("loads once, however often the section comes back into view", async () => {
    renderHomePage()
    comeNear()
    act(() => answerNews(jsonResponse([])))
    await waitFor(() => expect(within(newsSection()).getByRole("status")).toHaveTextContent(""))
    for (const observer of ControlledObserver.instances) act(() => observer.report(true))
    expect(newsCalls(fetch)).toHaveLength(1)
  })

  it("loads at once in a browser without IntersectionObserver", () => {
    Object.defineProperty(window, "IntersectionObserver", { value: undefined, writable: true })
    renderHomePage()
    expect(newsCalls(fetch)).toHaveLength(1)
  })
})
