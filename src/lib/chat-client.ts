/**
 * The one place the chat widget talks to the network: builds the request and turns whatever
 * comes back (or does not) into an answer or the reason there is none; the widget picks the
 * words (src/copy.ts). The request and answer shapes are the contract's (src/contract/chat.ts).
 */
import {
  ANONYMOUS_USER_NAME,
  CHAT_LIMITS,
  linkTargets,
  readActions,
  readLinks,
  type ChatAction,
  type ChatLink,
  type ChatRequest,
  type ChatTurn,
} from "../contract/chat"
import { endpoint } from "./endpoint"
import { frenchTypography } from "./typography"
import { withTimeout } from "./with-timeout"

export type ChatVisitor = { name: string; email: string }

/**
 * What the widget shows for one answer: plain text, the links that passed linkTargets(), the
 * buttons; `unanswered` when maxAi said it does not know yet (src/contract/chat.ts).
 */
export type ChatReply = { text: string; links: ChatLink[]; actions: ChatAction[]; unanswered: boolean }

/**
 * Why there is no answer: `http` the backend answered an error status; `empty` it answered
 * without a usable `bot_response`; `network` no connection; `timeout` no answer in time.
 */
export type ChatFailureReason = "http" | "empty" | "network" | "timeout"

export type ChatResult = { ok: true; reply: ChatReply } | { ok: false; reason: ChatFailureReason }

/** A request with no answer after this long counts as a connection problem. */
export const CHAT_TIMEOUT_MS = 15_000

/**
 * What the chat sends for a visitor who gave nothing: no name → 'Utilisateur anonyme', no email
 * → null. The earlier turns go along as `history`, so maxAi can read "et en taille L ?": the
 * last CHAT_LIMITS.history of them, each cut to the message limit (the backend's rules), none
 * when the conversation has just begun.
 */
export function buildChatRequest(message: string, visitor: ChatVisitor, earlier: readonly ChatTurn[] = []): ChatRequest {
  const name = visitor.name.trim()
  const email = visitor.email.trim()
  const history = earlier.slice(-CHAT_LIMITS.history).map((turn) => ({ from: turn.from, text: turn.text.slice(0, CHAT_LIMITS.message) }))
  return { message: message.trim(), user_name: name || ANONYMOUS_USER_NAME, user_email: email || null, ...(history.length > 0 ? { history } : {}) }
}

/**
 * Sends one message. Never rejects: every failure resolves to its reason, so the conversation
 * always gets an answer. Links go through readLinks(): only the sections and the shops of
 * `allowed` are kept.
 */
export async function askMaxAi(request: ChatRequest, allowed: ReadonlySet<string> = linkTargets([])): Promise<ChatResult> {
  const outcome = await withTimeout(CHAT_TIMEOUT_MS, undefined, async (signal): Promise<ChatResult> => {
    const response = await fetch(endpoint("chat", "/api/chat"), {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(request),
      signal,
    })
    if (!response.ok) return { ok: false, reason: "http" }
    let body: unknown
    try {
      body = await response.json()
    } catch (error) {
      // The timeout can also fire while the body is still arriving: that is a connection problem.
      if (signal.aborted) throw error
      return { ok: false, reason: "empty" }
    }
    const fields =
      body !== null && typeof body === "object" ? (body as { bot_response?: unknown; links?: unknown; actions?: unknown; unanswered?: unknown }) : {}
    const answer = fields.bot_response
    if (typeof answer !== "string" || answer.trim() === "") return { ok: false, reason: "empty" }
    // Any backend may answer (GATSBY_CHAT_API_URL), typed with ordinary spaces: typography is added once, here.
    return {
      ok: true,
      reply: {
        text: frenchTypography(answer),
        links: readLinks(fields.links, allowed),
        actions: readActions(fields.actions),
        unanswered: fields.unanswered === true,
      },
    }
  })
  if (outcome.ok) return outcome.value
  return { ok: false, reason: outcome.reason === "timeout" ? "timeout" : "network" }
}
