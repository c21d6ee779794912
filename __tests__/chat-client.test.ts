import { isValidEmail } from "../src/contract/email"
import { buildChatRequest, chatEndpoint } from "../src/lib/chat-client"

describe("chat client", () => {
  const original = process.env.GATSBY_CHAT_API_URL
  afterEach(() => {
    if (original === undefined) delete process.env.GATSBY_CHAT_API_URL
    else process.env.GATSBY_CHAT_API_URL = original
  })

  it("posts to the same origin by default", () => {
    delete process.env.GATSBY_CHAT_API_URL
    expect(chatEndpoint()).toBe("/api/chat")
  })

  it("posts to the chat backend named by GATSBY_CHAT_API_URL, with or without a trailing slash", () => {
    process.env.GATSBY_CHAT_API_URL = "https://chat.example.com/"
    expect(chatEndpoint()).toBe("https://chat.example.com/api/chat")
    process.env.GATSBY_CHAT_API_URL = "https://chat.example.com"
    expect(chatEndpoint()).toBe("https://chat.example.com/api/chat")
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
