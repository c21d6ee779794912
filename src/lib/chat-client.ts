/**
 * The one place the chat widget talks to the network: builds the request and turns whatever
 * comes back (or does not) into something maxAi says. The request and answer shapes are the
 * contract's (src/contract/chat.ts).
 */
import { copy } from "../copy"
import { linkTargets, readActions, readLinks, type ChatAction, type ChatLink, type ChatRequest } from "../contract/chat"
import { frenchTypography } from "./typography"
import { withTimeout } from "./with-timeout"

export type ChatVisitor = { name: string; email: string }

/** What the widget shows for one answer: plain text, the links that passed linkTargets(), the buttons. */
export type ChatReply = { text: string; links: ChatLink[]; actions: ChatAction[] }

/** A request with no answer after this long counts as a connection problem. */
export const CHAT_TIMEOUT_MS = 15_000

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
    // Any backend may answer (GATSBY_CHAT_API_URL), typed with ordinary spaces: typography is added once, here.
    return { text: frenchTypography(answer), links: readLinks(fields.links, allowed), actions: readActions(fields.actions) }
  })
  // No network, or no answer in time.
  return outcome.ok ? outcome.value : say(copy.chat.errors.network)
}
