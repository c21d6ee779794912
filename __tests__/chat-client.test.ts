import { isValidEmail } from "../src/contract/email"
import { askMaxAi, buildChatRequest, CHAT_TIMEOUT_MS } from "../src/lib/chat-client"
import { jsonResponse, mockFetch, neverAnswers, offline, removeFetch, textResponse } from "./helpers/network"

describe("chat client", () => {
  const original = process.env.GATSBY_CHAT_API_URL
  afterEach(() => {
    removeFetch()
    if (original === undefined) delete process.env.GATSBY_CHAT_API_URL
    else process.env.GATSBY_CHAT_API_URL = original
  })

  it("posts to the same origin by default", async () => {
    delete process.env.GATSBY_CHAT_API_URL
    const fetch = mockFetch(() => Promise.resolve(jsonResponse({ bot_response: "Oui." })))
    await askMaxAi(buildChatRequest("Bonjour", { name: "", email: "" }))
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/chat")
  })

  it("posts to the chat backend named by GATSBY_CHAT_API_URL, with or without a trailing slash", async () => {
    const fetch = mockFetch(() => Promise.resolve(jsonResponse({ bot_response: "Oui." })))
    process.env.GATSBY_CHAT_API_URL = "https://chat.example.com/"
    await askMaxAi(buildChatRequest("Bonjour", { name: "", email: "" }))
    process.env.GATSBY_CHAT_API_URL = "https://chat.example.com"
    await askMaxAi(buildChatRequest("Bonjour", { name: "", email: "" }))
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(["https://chat.example.com/api/chat", "https://chat.example.com/api/chat"])
  })

  it("returns the answer, or the reason there is none, and leaves the words to the widget", async () => {
    const request = buildChatRequest("Bonjour", { name: "", email: "" })
    mockFetch(() => Promise.resolve(jsonResponse({ bot_response: "Bonjour !" })))
    expect(await askMaxAi(request)).toEqual({ ok: true, reply: { text: "Bonjour\u202f!", links: [], actions: [], unanswered: false } })
    mockFetch(() => Promise.resolve(jsonResponse({ bot_response: "Je ne sais pas.", unanswered: true })))
    expect(await askMaxAi(request)).toMatchObject({ ok: true, reply: { unanswered: true } })
    mockFetch(() => Promise.resolve(jsonResponse({ error: "x" }, 500)))
    expect(await askMaxAi(request)).toEqual({ ok: false, reason: "http" })
    mockFetch(() => Promise.resolve(textResponse("<html>proxy</html>")))
    expect(await askMaxAi(request)).toEqual({ ok: false, reason: "empty" })
    mockFetch(offline)
    expect(await askMaxAi(request)).toEqual({ ok: false, reason: "network" })
  })

  it("gives up on a backend that never answers after CHAT_TIMEOUT_MS, as a timeout", async () => {
    jest.useFakeTimers()
    try {
      mockFetch(neverAnswers)
      const result = askMaxAi(buildChatRequest("Bonjour", { name: "", email: "" }))
      await jest.advanceTimersByTimeAsync(CHAT_TIMEOUT_MS)
      expect(await result).toEqual({ ok: false, reason: "timeout" })
    } finally {
      jest.useRealTimers()
    }
  })

  it("fills the anonymous defaults and trims what the visitor typed", () => {
    expect(buildChatRequest("  Bonjour \n", { name: " ", email: "" })).toEqual({ message: "Bonjour", user_name: "Utilisateur anonyme", user_email: null })
    expect(buildChatRequest("Bonjour", { name: " Léa ", email: " lea@example.fr " })).toEqual({
      message: "Bonjour",
      user_name: "Léa",
      user_email: "lea@example.fr",
    })
  })

  it.each([
    ["lea@example.fr", true],
    ["prenom.nom+tag@sous.domaine.com", true],
    ["lea@example", false],
    ["lea@@example.fr", false],
    ["lea @example.fr", false],
    ["lea@example..fr", false],
    [`${"a".repeat(250)}@b.fr`, false],
  ])("treats %s as an address: %s", (value, expected) => {
    expect(isValidEmail(value)).toBe(expected)
  })
})
