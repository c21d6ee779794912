/**
 * POST /api/chat: the embedded maxAi backend. It answers from content/chat.json, where an
 * editor adds or changes an intent (keywords → answer) without touching code.
 */
import chatContent from "../../content/chat.json"
import { CHAT_LIMITS, isEmail } from "../lib/chat-client"
import { allowedMethod, errorResponse, jsonResponse, methodNotAllowed, type ApiResponse } from "./http"

export type Intent = { id: string; keywords: readonly string[]; answer: string; offerEstimate?: boolean }
export type ChatContent = { fallback: string; estimateAction: string; intents: readonly Intent[] }

/** A button under maxAi's answer; "estimate" leads to the buy-back form (src/components/Chat/ChatActions.tsx). */
export type ChatAction = { type: "estimate"; label: string }

/** Well above the largest valid request (2000 characters of message plus name and email). */
export const CHAT_BODY_LIMIT_BYTES = 32 * 1024

const NO_STORE = { "Cache-Control": "no-store" }

/**
 * Lower case, no accents, words separated by single spaces: "Délai d'envoi ?" → "delai d envoi".
 * Digits and letters are split ("48h" → "48 h") so a keyword "48" finds them.
 */
export function normalize(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .replace(/[^a-z0-9]+/g, " ")
    .replace(/(\d)([a-z])/g, "$1 $2")
    .replace(/([a-z])(\d)/g, "$1 $2")
    .trim()
}

/** Plural and feminine endings, so "marque" also finds "marques" and "authentifie" "authentifiées". */
const ENDINGS = ["", "s", "x", "e", "es"]

function sameWord(word: string, keyword: string): boolean {
  return ENDINGS.some((ending) => word === keyword + ending)
}

/** Whole words only: "vrai" finds "vrais" but not "vraiment". */
function containsKeyword(words: readonly string[], keyword: readonly string[]): boolean {
  for (let start = 0; start + keyword.length <= words.length; start += 1) {
    if (keyword.every((part, offset) => sameWord(words[start + offset] ?? "", part))) return true
  }
  return false
}

/**
 * The intent whose keywords cover the most words of the message wins (a keyword of three words
 * counts three); on a tie the one listed first in chat.json wins. No match → the fallback.
 */
export function findIntent(message: string, content: ChatContent = chatContent): Intent | null {
  const words = normalize(message).split(" ")
  let best: { score: number; intent: Intent | null } = { score: 0, intent: null }
  for (const intent of content.intents) {
    const score = intent.keywords
      .map((keyword) => normalize(keyword).split(" "))
      .filter((keyword) => containsKeyword(words, keyword))
      .reduce((total, keyword) => total + keyword.length, 0)
    if (score > best.score) best = { score, intent }
  }
  return best.intent
}

export function findAnswer(message: string, content: ChatContent = chatContent): string {
  return findIntent(message, content)?.answer ?? content.fallback
}

/** The answer's buttons: the estimate hand-off when the intent is about selling or an estimate. */
export function answerActions(intent: Intent | null, content: ChatContent = chatContent): ChatAction[] {
  return intent?.offerEstimate ? [{ type: "estimate", label: content.estimateAction }] : []
}

/** The embedded backend only needs the message; name and email are checked for the contract's sake. */
type Validation = { ok: true; message: string } | { ok: false; code: string; message: string }

/** Checks the request contract of src/lib/chat-client.ts; unknown extra fields are ignored. */
export function validateChatRequest(input: unknown): Validation {
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    return { ok: false, code: "invalid_body", message: "Le corps de la requête doit être un objet JSON." }
  }
  const { message, user_name: userName, user_email: userEmail } = input as Record<string, unknown>
  if (typeof message !== "string" || message.trim() === "") {
    return { ok: false, code: "message_required", message: "Le champ « message » est obligatoire et ne doit pas être vide." }
  }
  if (message.trim().length > CHAT_LIMITS.message) {
    return { ok: false, code: "message_too_long", message: `Le champ « message » ne doit pas dépasser ${CHAT_LIMITS.message} caractères.` }
  }
  if (userName !== undefined && (typeof userName !== "string" || userName.length > CHAT_LIMITS.name)) {
    return { ok: false, code: "invalid_user_name", message: `Le champ « user_name » doit être un texte de ${CHAT_LIMITS.name} caractères au plus.` }
  }
  if (userEmail !== undefined && userEmail !== null && (typeof userEmail !== "string" || !isEmail(userEmail))) {
    return { ok: false, code: "invalid_user_email", message: "Le champ « user_email » doit être null ou une adresse email valide." }
  }
  return { ok: true, message: message.trim() }
}

function isJsonContentType(contentType: string | undefined): boolean {
  const mediaType = (contentType ?? "").split(";")[0]?.trim().toLowerCase()
  return mediaType === "application/json"
}

export type ChatHttpRequest = {
  method: string | undefined
  contentType: string | undefined
  /** The raw body as text, or null when it was larger than CHAT_BODY_LIMIT_BYTES. */
  body: string | null
}

export function handleChat({ method, contentType, body }: ChatHttpRequest): ApiResponse {
  if (!allowedMethod(method, ["POST"])) return methodNotAllowed(["POST"], NO_STORE)
  if (!isJsonContentType(contentType)) {
    return errorResponse(415, "unsupported_media_type", "Envoyez le message en JSON (Content-Type: application/json).", NO_STORE)
  }
  if (body === null) return errorResponse(413, "payload_too_large", "La requête est trop volumineuse.", NO_STORE)
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return errorResponse(400, "invalid_json", "Le corps de la requête n'est pas du JSON valide.", NO_STORE)
  }
  const request = validateChatRequest(parsed)
  if (!request.ok) return errorResponse(400, request.code, request.message, NO_STORE)
  const intent = findIntent(request.message)
  const actions = answerActions(intent)
  return jsonResponse(200, { bot_response: intent?.answer ?? chatContent.fallback, ...(actions.length > 0 ? { actions } : {}) }, NO_STORE)
}
