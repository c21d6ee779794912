/**
 * POST /api/contact: the chat's "Mes infos" with an email, and the conversation so far, into the
 * same outbox as the estimates (kind "chat"). JSON in, 201 { id, message } out.
 */
import { CHAT_LIMITS } from "../../contract/chat"
import { isValidEmail } from "../../contract/email"
import { withoutInvisibles } from "../../contract/text"
import { allowedMethod, errorResponse, jsonResponse, methodNotAllowed, NO_STORE, parseJsonBody, type ApiResponse } from "../http/responses"
import { CONTACT_ROUTE } from "../http/routes"
import { hasLineBreak } from "../leads/channels"
import { newLeadId } from "../leads/outbox"
import type { LeadsService } from "../leads/service"
import type { ProofOfWork } from "../proof-of-work/guard"
import { PROOF_OF_WORK } from "../../contract/proof-of-work"
import type { ChatLine, Lead } from "../leads/types"
import { clock } from "../clock"

const MAX_LINES = 200

/** `body`: the JSON text the server read (CONTACT_ROUTE of src/server/http/routes.ts bounds its size). */
export type ContactRequest = { method: string | undefined; contentType: string | undefined; body: string }

type Parsed = { ok: true; name: string; email: string; conversation: ChatLine[] } | { ok: false; response: ApiResponse }

function parseContact(input: unknown): Parsed {
  const refuse = (code: string, message: string): Parsed => ({ ok: false, response: errorResponse(400, code, message, NO_STORE) })
  if (input === null || typeof input !== "object" || Array.isArray(input)) return refuse("invalid_body", "Le corps de la requête doit être un objet JSON.")
  const { name = "", email, conversation = [] } = input as Record<string, unknown>
  if (typeof email !== "string" || hasLineBreak(email) || !isValidEmail(email))
    return refuse("invalid_email", "Le champ « email » doit être une adresse email valide.")
  if (typeof name !== "string" || name.length > CHAT_LIMITS.name)
    return refuse("invalid_name", `Le champ « name » doit être un texte de ${CHAT_LIMITS.name} caractères au plus.`)
  if (hasLineBreak(name)) return refuse("line_break_refused", "Le champ « name » ne doit pas contenir de retour à la ligne.")
  if (!Array.isArray(conversation) || conversation.length > MAX_LINES)
    return refuse("invalid_conversation", `Le champ « conversation » doit être une liste de ${MAX_LINES} messages au plus.`)
  const lines: ChatLine[] = []
  for (const entry of conversation as unknown[]) {
    const { from, text, at } = (entry ?? {}) as Record<string, unknown>
    if (
      (from !== "user" && from !== "bot") ||
      typeof text !== "string" ||
      text.length > 4 * CHAT_LIMITS.message ||
      typeof at !== "string" ||
      Number.isNaN(Date.parse(at))
    ) {
      return refuse("invalid_conversation", "Chaque message de « conversation » doit avoir from (user ou bot), text et at (date ISO).")
    }
    lines.push({ from, text, at })
  }
  // A bidi override would make the name read differently in the team's mail (src/contract/text.ts).
  return { ok: true, name: withoutInvisibles(name).trim(), email: email.trim(), conversation: lines }
}

/** `proof`: the anti-spam check (src/server/proof-of-work/), passed before anything is stored. */
export async function receiveContact({ method, contentType, body }: ContactRequest, service: LeadsService, proof: ProofOfWork): Promise<ApiResponse> {
  if (!allowedMethod(method, ["POST"])) return methodNotAllowed(["POST"], NO_STORE)
  if ((contentType ?? "").split(";")[0]?.trim().toLowerCase() !== "application/json") {
    return errorResponse(415, "unsupported_media_type", CONTACT_ROUTE.body.refusals.mediaType.message, NO_STORE)
  }
  const json = parseJsonBody(body, NO_STORE)
  if (!json.ok) return json.response
  const parsed = parseContact(json.value)
  if (!parsed.ok) return parsed.response
  const unproven = await proof.check((json.value as Record<string, unknown>)[PROOF_OF_WORK.field])
  if (unproven) return unproven
  const { settings, outbox, courier } = service
  if (settings.storage === "ephemeral" && courier.channels.length === 0) {
    return errorResponse(503, "leads_unavailable", "Le service de contact est momentanément indisponible. Réessayez plus tard.", NO_STORE)
  }
  const lead: Lead = {
    id: newLeadId(),
    kind: "chat",
    created_at: clock.now().toISOString(),
    email: parsed.email,
    photos: [],
    conversation: parsed.conversation,
    ...(parsed.name ? { name: parsed.name } : {}),
  }
  try {
    await service.ready
    // On failure add() removes what it had written: nothing half-stored stays behind.
    await outbox.add(lead)
  } catch (error) {
    console.error("contact : enregistrement impossible", error)
    return errorResponse(503, "leads_unavailable", "Votre contact n'a pas pu être enregistré. Réessayez dans un instant.", NO_STORE)
  }
  if (settings.storage === "ephemeral") {
    const delivered = await courier.deliver(lead.id).catch(() => false)
    courier.forget(lead.id)
    if (!delivered) return errorResponse(503, "leads_unavailable", "Le service de contact est momentanément indisponible. Réessayez plus tard.", NO_STORE)
  } else {
    void courier.deliver(lead.id).catch((error: unknown) => console.error(`contact : envoi de ${lead.id} impossible`, error))
  }
  return jsonResponse(201, { id: lead.id, message: "Merci, notre équipe a bien reçu vos coordonnées." }, NO_STORE)
}
