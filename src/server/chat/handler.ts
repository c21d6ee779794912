/**
 * POST /api/chat: the embedded maxAi backend. Answers come from the whole content (FAQ intents
 * of content/chat.json, sold items, brands, shops, buy-back and engine facts) through a French
 * full-text index (search-index.ts) and are composed in answer.ts; editors change answers,
 * keywords and synonyms in content/chat.json without touching code.
 */
import { CHAT_LIMITS, type ChatTurn } from "../../contract/chat"
import { isValidEmail } from "../../contract/email"
import { composeAnswer, composeReply, questionTerms, type ChatAnswer } from "./answer"
import { ChatIndex, type CatalogueContent } from "./search-index"
import * as content from "../content"
import {
  allowedMethod,
  errorResponse,
  jsonResponse,
  mediaTypeOf,
  methodNotAllowed,
  NO_STORE,
  parseJsonBody,
  unsupportedMediaType,
  type ApiResponse,
} from "../http/responses"
import { CHAT_ROUTE } from "../http/routes"

export type { ChatAnswer }

/** Everything the chat answers from, read once through src/server/content.ts. */
export function siteContent(): CatalogueContent {
  return {
    chat: content.chatContent(),
    items: content.soldItems(),
    brands: content.brands(),
    categories: content.categories(),
    shops: content.shops(),
    buybackCards: content.buybackCards(),
    engine: content.engineFacts(),
    grid: content.buybackGrid(),
  }
}

/** Built on the first question, then kept for the life of the function: never per request. */
let siteIndex: ChatIndex | null = null

/** maxAi's answer to one message (after the earlier turns, if any), from the site's content or from the content given (tests). */
export function findAnswer(message: string, from?: CatalogueContent, history: readonly ChatTurn[] = []): ChatAnswer {
  if (from) return composeAnswer(new ChatIndex(from), message, history)
  siteIndex ??= new ChatIndex(siteContent())
  return composeAnswer(siteIndex, message, history)
}

/**
 * Where an unanswered question goes (src/api/chat.ts passes src/server/questions/store.ts's
 * recordUnanswered; tests pass their own or none): its text, and how to group it once masked.
 */
export type UnansweredRecorder = (text: string, termsOf: (masked: string) => { key: string; words: string[] }) => void

/** The embedded backend needs the message and the earlier turns; name and email are checked for the contract's sake. */
type Validation = { ok: true; message: string; history: ChatTurn[] } | { ok: false; code: string; message: string }

const HISTORY_RULE = `Le champ « history » doit être une liste d'au plus ${CHAT_LIMITS.history} échanges { "from": "visitor" ou "maxai", "text": texte de ${CHAT_LIMITS.message} caractères au plus }.`

/** `history` is optional: absent (or null) is a conversation's first message. */
function readHistory(value: unknown): ChatTurn[] | null {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value) || value.length > CHAT_LIMITS.history) return null
  const turns: ChatTurn[] = []
  for (const entry of value as unknown[]) {
    const { from, text } = (entry ?? {}) as Record<string, unknown>
    if ((from !== "visitor" && from !== "maxai") || typeof text !== "string" || text.length > CHAT_LIMITS.message) return null
    turns.push({ from, text })
  }
  return turns
}

/** Checks the request contract of src/contract/chat.ts; unknown extra fields are ignored. */
export function validateChatRequest(input: unknown): Validation {
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    return { ok: false, code: "invalid_body", message: "Le corps de la requête doit être un objet JSON." }
  }
  const { message, user_name: userName, user_email: userEmail, history } = input as Record<string, unknown>
  if (typeof message !== "string" || message.trim() === "") {
    return { ok: false, code: "message_required", message: "Le champ « message » est obligatoire et ne doit pas être vide." }
  }
  if (message.trim().length > CHAT_LIMITS.message) {
    return { ok: false, code: "message_too_long", message: `Le champ « message » ne doit pas dépasser ${CHAT_LIMITS.message} caractères.` }
  }
  if (userName !== undefined && (typeof userName !== "string" || userName.length > CHAT_LIMITS.name)) {
    return { ok: false, code: "invalid_user_name", message: `Le champ « user_name » doit être un texte de ${CHAT_LIMITS.name} caractères au plus.` }
  }
  if (userEmail !== undefined && userEmail !== null && (typeof userEmail !== "string" || !isValidEmail(userEmail))) {
    return { ok: false, code: "invalid_user_email", message: "Le champ « user_email » doit être null ou une adresse email valide." }
  }
  const turns = readHistory(history)
  if (!turns) return { ok: false, code: "invalid_history", message: HISTORY_RULE }
  return { ok: true, message: message.trim(), history: turns }
}

export type ChatHttpRequest = {
  method: string | undefined
  contentType: string | undefined
  /** The raw body as text, read within CHAT_ROUTE's limits by src/server/http/body.ts. */
  body: string
}

export function handleChat({ method, contentType, body }: ChatHttpRequest, record?: UnansweredRecorder): ApiResponse {
  if (!allowedMethod(method, ["POST"])) return methodNotAllowed(["POST"], NO_STORE)
  if (!CHAT_ROUTE.body.mediaTypes.some((type) => type === mediaTypeOf(contentType))) return unsupportedMediaType(CHAT_ROUTE.body.mediaTypes, NO_STORE)
  const parsed = parseJsonBody(body, NO_STORE)
  if (!parsed.ok) return parsed.response
  const request = validateChatRequest(parsed.value)
  if (!request.ok) return errorResponse(400, request.code, request.message, NO_STORE)
  siteIndex ??= new ChatIndex(siteContent())
  const index = siteIndex
  const { answer, unanswered } = composeReply(index, request.message, request.history)
  // The question alone: never the visitor's name, e-mail or the conversation.
  if (unanswered && record) record(request.message, (masked) => questionTerms(index, masked))
  return jsonResponse(200, answer, NO_STORE)
}
