/**
 * POST /api/chat, as the widget (src/lib/chat-client.ts) and the embedded backend
 * (src/server/chat/handler.ts) both read it. Any backend that accepts this request and answers
 * `{ "bot_response": "…" }` can replace the embedded one (GATSBY_CHAT_API_URL, build time); it
 * may add `links: [{ label, href }]`, shown under the answer, and `actions: [{ type, label }]`,
 * buttons under it. The email rule is the site's one (./email.ts).
 */
import { MAX_EMAIL_LENGTH } from "./email"

/** The `user_name` of a visitor who gave no name (the spec's wording, sent as is). */
export const ANONYMOUS_USER_NAME = "Utilisateur anonyme"

/** One earlier turn of the conversation, oldest first; the embedded backend reads follow-ups against it. */
export type ChatTurn = { from: "visitor" | "maxai"; text: string }

export type ChatRequest = {
  message: string
  user_name: string
  user_email: string | null
  /** Optional: the last turns (CHAT_LIMITS.history at most, each within CHAT_LIMITS.message); absent = the message alone. */
  history?: ChatTurn[]
}

/** A link under an answer. Later answer parts (e.g. `actions`) go beside `links`, never inside. */
export type ChatLink = { label: string; href: string }

/** A button under maxAi's answer. Only "estimate" is known; other types are ignored. */
export type ChatAction = { type: "estimate"; label: string }

/**
 * The wire contract of POST /api/chat's 200 answer. `links` and `actions` are each left out
 * when there is none; older widgets ignore them. `unanswered: true` marks the honest "I don't
 * know yet" (the question went to the owner's list): a widget whose visitor left an e-mail sends
 * the conversation to the team so that person gets an answer too.
 */
export type ChatAnswer = { bot_response: string; links?: ChatLink[]; actions?: ChatAction[]; unanswered?: true }

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
export const CHAT_LIMITS = { message: 2000, name: 100, email: MAX_EMAIL_LENGTH, history: 10 } as const
