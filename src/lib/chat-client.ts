/**
 * The chat contract shared by the widget and the embedded backend (src/server/chat.ts), and the
 * one place the widget talks to the network. Any backend that accepts this request and answers
 * `{ "bot_response": "…" }` can replace the embedded one (GATSBY_CHAT_API_URL, build time); it
 * may add `links: [{ label, href }]`, shown under the answer, and `actions: [{ type, label }]`,
 * buttons under it.
 */
import { copy } from "../copy"
import { withTimeout } from "./with-timeout"

export type ChatRequest = {
  message: string
  user_name: string
  user_email: string | null
}

export type ChatVisitor = { name: string; email: string }

/** A link under an answer. Later answer parts (e.g. `actions`) go beside `links`, never inside. */
export type ChatLink = { label: string; href: string }

/** A button under maxAi's answer. Only "estimate" is known; other types are ignored. */
export type ChatAction = { type: "estimate"; label: string }

/** What the widget shows for one answer: plain text, the links that passed linkTargets(), the buttons. */
export type ChatReply = { text: string; links: ChatLink[]; actions: ChatAction[] }

/** The sections an answer may link to; the only other targets are the shops' own pages. */
export const SECTION_ANCHORS = ["#galerie", "#rachat", "#boutiques"] as const

/** Every href an answer may carry: the three sections and the given shop URLs, nothing else. */
export function linkTargets(shopUrls: readonly string[]): ReadonlySet<string> {
  return new Set<string>([...SECTION_ANCHORS, ...shopUrls])
}

/** Links whose href is allowed and whose label is text; anything else is dropped, never shown. */
export function readLinks(value: unknown, allowed: ReadonlySet<string>): ChatLink[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((link: unknown) => {
    if (link === null || typeof link !== "object") return []
    const { label, href } = link as Record<string, unknown>
    return typeof label === "string" && label.trim() !== "" && typeof href === "string" && allowed.has(href) ? [{ label: label.trim(), href }] : []
  })
}

/** `actions` is optional in the contract: a backend that sends only bot_response gets no buttons. */
export function readActions(value: unknown): ChatAction[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((entry: unknown) => {
    const { type, label } = (entry ?? {}) as { type?: unknown; label?: unknown }
    return type === "estimate" && typeof label === "string" && label.trim() !== "" ? [{ type, label }] : []
  })
}

/** Limits the backend enforces; the widget applies the same ones so a visitor never hits them. */
export const CHAT_LIMITS = { message: 2000, name: 100, email: 254 } as const

/** A request with no answer after this long counts as a connection problem. */
export const CHAT_TIMEOUT_MS = 15_000

/** Deliberately loose (something@domain.tld): the server only rejects what cannot be an address. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/

export function isEmail(value: string): boolean {
  return value.length <= CHAT_LIMITS.email && EMAIL_PATTERN.test(value)
}

/** What the chat sends for a visitor who gave nothing: no name → 'Utilisateur anonyme', no email → null. */
export function buildChatRequest(message: string, visitor: ChatVisitor): ChatRequest {
  const name = visitor.name.trim()
  const email = visitor.email.trim()
  return { message: message.trim(), user_name: name || copy.chat.anonymous, user_email: email || null }
}

/** Read at call time (Gatsby inlines it at build), so tests can point it elsewhere. */
export function chatEndpoint(): string {
  const base = process.env.GATSBY_CHAT_API_URL?.trim() ?? ""
  return `${base.replace(/\/+$/, "")}/api/chat`
}

/**
 * Sends one message and resolves with what maxAi should say. Never rejects: every failure
 * becomes one of the chat's error messages (not OK → sorry; no network or too slow →
 * connection problem), so the conversation always gets an answer. Links go through
 * readLinks(): only the sections and the shops of `allowed` are kept.
 */
export async function askMaxAi(request: ChatRequest, allowed: ReadonlySet<string> = linkTargets([])): Promise<ChatReply> {
  const say = (text: string): ChatReply => ({ text, links: [], actions: [] })
  const outcome = await withTimeout(CHAT_TIMEOUT_MS, undefined, async (signal): Promise<ChatReply> => {
    const response = await fetch(chatEndpoint(), {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(request),
      signal,
    })
    if (!response.ok) return say(copy.chat.errors.notOk)
    let body: unknown
    try {
      body = await response.json()
    } catch (error) {
      // The timeout can also fire while the body is still arriving: that is a connection problem.
      if (signal.aborted) throw error
      return say(copy.chat.errors.noAnswer)
    }
    const fields = body !== null && typeof body === "object" ? (body as { bot_response?: unknown; links?: unknown; actions?: unknown }) : {}
    const answer = fields.bot_response
    if (typeof answer !== "string" || answer.trim() === "") return say(copy.chat.errors.noAnswer)
    return { text: answer, links: readLinks(fields.links, allowed), actions: readActions(fields.actions) }
  })
  // No network, or no answer in time.
  return outcome.ok ? outcome.value : say(copy.chat.errors.network)
}
