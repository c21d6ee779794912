/**
 * The chat widget as the jest suites drive it: the real ChatLauncher with the real content, a
 * fetch that answers what each test tells it (reset before each test, as storage is), and the
 * visitor's usual steps. Importing it installs those hooks in the suite.
 */
import React from "react"
import { act, render, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import chatContent from "../../content/chat.json"
import shopsContent from "../../content/shops.json"
import { ChatLauncher } from "../../src/components/Chat"

export const content = {
  greeting: chatContent.greeting,
  suggestions: null,
  disclaimer: chatContent.disclaimer,
  infoSaved: chatContent.infoSaved,
  privacyNotice: chatContent.privacyNotice,
}

export const ERRORS = {
  notOk: "Désolé, une erreur s'est produite. Veuillez réessayer plus tard.",
  network: "Problème de connexion. Veuillez vérifier votre internet et réessayer.",
  noAnswer: "Message reçu ! Notre équipe vous contactera bientôt.",
}

/** What the widget sees of a server answer: status and a body that may or may not be JSON. */
export function serverReply(status: number, body: string) {
  return { ok: status >= 200 && status < 300, status, json: async () => JSON.parse(body) as unknown }
}

export const fetchMock = jest.fn()

/**
 * The contact's anti-spam proof is solved for real in __tests__/contact-client.test.ts and in the
 * browser (e2e); jsdom has no WebCrypto, so here the chat gets a ready proof.
 */
export const PROOF_PAYLOAD = "preuve-de-travail"
jest.mock("../../src/lib/proof-of-work", () => ({ proveWork: () => Promise.resolve({ ok: true, payload: "preuve-de-travail" }) }))

beforeEach(() => {
  // As on the real page, where the inline pre-paint script marks <html> (the launcher is js-only).
  document.documentElement.classList.add("js")
  fetchMock.mockReset()
  globalThis.fetch = fetchMock as unknown as typeof fetch
  window.localStorage.clear()
})

afterEach(() => {
  jest.useRealTimers()
})

export const shopUrls = shopsContent.items.map((shop) => shop.url)

export function setup(options: { fakeTimers?: boolean; linkBase?: string } = {}) {
  const user = options.fakeTimers ? userEvent.setup({ advanceTimers: jest.advanceTimersByTime }) : userEvent.setup()
  render(<ChatLauncher content={content} shopUrls={shopUrls} linkBase={options.linkBase} />)
  return user
}

export async function openChat(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "Chat avec maxAi" }))
  return screen.findByRole("dialog", { name: "maxAi" })
}

export const messageField = () => screen.getByRole("textbox", { name: "Votre message" })
export const sendButton = () => screen.getByRole("button", { name: "Envoyer" })
export const conversation = () => screen.getByRole("log", { name: "Conversation avec maxAi" })

/** A fetch that answers only when the test says so. */
export function deferredReply() {
  let resolve: (value: ReturnType<typeof serverReply>) => void = () => undefined
  fetchMock.mockImplementationOnce(() => new Promise((done) => (resolve = done)))
  return (status: number, body: string) => act(async () => resolve(serverReply(status, body)))
}

export async function ask(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.type(messageField(), `${text}{Enter}`)
}
