/**
 * The chat's contact for the team: "Mes infos" with an email and the conversation so far, sent
 * once per conversation to POST {GATSBY_LEADS_API_URL}/api/contact (src/server/contact/receive.ts),
 * with the anti-spam proof-of-work (lib/proof-of-work.ts, loaded only when a contact is sent).
 */
import { PROOF_OF_WORK } from "../contract/proof-of-work"
import { endpoint } from "./endpoint"
import { withTimeout } from "./with-timeout"

export type ContactLine = { from: "bot" | "user"; text: string; at: string }

export type ContactRequest = { name: string; email: string; conversation: ContactLine[] }

/**
 * `refused`: the server answered, without storing it (4xx, 5xx); `network`: no connection;
 * `timeout`: no answer in time. Only `ok` means the team has it.
 */
export type ContactResult = { ok: true } | { ok: false; reason: "refused" | "network" | "timeout" }

/** As long as the chat waits for an answer: the contact is small (at most 512 KB of JSON). */
export const CONTACT_TIMEOUT_MS = 15_000

/**
 * Never rejects: 201 is the only success (the request is in the shop's outbox). The proof and the
 * post each have `timeoutMs` (the proof's can be given apart: `proofTimeoutMs`, for tests).
 */
export async function sendChatContact(contact: ContactRequest, timeoutMs = CONTACT_TIMEOUT_MS, proofTimeoutMs = timeoutMs): Promise<ContactResult> {
  const proof = await import(/* webpackChunkName: "proof-of-work" */ "./proof-of-work")
    .then(({ proveWork }) => proveWork(proofTimeoutMs))
    .catch(() => ({ ok: false, reason: "network" }) as const)
  if (!proof.ok) return { ok: false, reason: proof.reason === "unavailable" ? "refused" : proof.reason }
  const outcome = await withTimeout(timeoutMs, undefined, async (signal): Promise<ContactResult> => {
    const response = await fetch(endpoint("leads", "/api/contact"), {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ ...contact, [PROOF_OF_WORK.field]: proof.payload }),
      signal,
    })
    return response.status === 201 ? { ok: true } : { ok: false, reason: "refused" }
  })
  if (outcome.ok) return outcome.value
  return { ok: false, reason: outcome.reason === "timeout" ? "timeout" : "network" }
}
