/**
 * POST /api/estimate from start to 201: headers, rate limit, streamed parsing into a staging
 * folder, the rules, then the outbox (durable before the answer), then delivery. The answer is
 * 201 only once the request is on disk (or, without a lasting disk, delivered).
 */
import { rename } from "node:fs/promises"
import type { IncomingMessage } from "node:http"
import path from "node:path"
import { jsonResponse, type ApiResponse } from "../http"
import { newLeadId } from "../leads/outbox"
import type { LeadsService } from "../leads/service"
import type { Lead, LeadPhoto } from "../leads/types"
import { parseEstimateForm } from "./multipart"
import { cleanFileName, EXTENSIONS, judgeEstimate, MIME_TYPES, NO_STORE, REFUSALS, refuseFromHeaders } from "./rules"

/** null: the client went away mid-upload, there is nobody to answer. */
export type Received = { response: ApiResponse; closeConnection: boolean } | null

export function acceptedMessage(id: string): string {
  return `Demande n° ${id} enregistrée : notre équipe vous répond sous 48 h.`
}

export async function receiveEstimate(req: IncomingMessage, service: LeadsService): Promise<Received> {
  // Answered before reading: the unread body is not drained, the connection closes instead.
  const early = (response: ApiResponse): Received => ({ response, closeConnection: true })
  const refused = refuseFromHeaders({ method: req.method, contentType: req.headers["content-type"], contentLength: req.headers["content-length"] })
  if (refused) return early(refused)
  const wait = service.limiter.take(req.socket.remoteAddress ?? "inconnu")
  if (wait !== null) return early(REFUSALS.rateLimited(wait))
  const { config, outbox, courier } = service
  if (config.storage === "ephemeral" && courier.channels.length === 0) return early(REFUSALS.noDelivery())

  // The start-up clean-up of interrupted uploads must not race this request's staging folder.
  await service.ready
  let staging: string
  try {
    staging = await outbox.staging()
  } catch (error) {
    console.error("estimate : dossier des demandes inaccessible", error)
    return early(REFUSALS.storageFailed())
  }

  const parsed = await parseEstimateForm(req, staging)
  if (parsed.aborted) {
    await outbox.discard(staging)
    return null
  }
  const verdict = judgeEstimate(parsed)
  if (!verdict.ok || verdict.bot) await outbox.discard(staging)
  if (!verdict.ok) return { response: verdict.response, closeConnection: parsed.problem === "too_large" }
  const id = newLeadId()
  // A bot that filled the hidden field is told what a person would be, and nothing is kept.
  if (verdict.bot) return { response: jsonResponse(201, { id, message: acceptedMessage(id) }, NO_STORE), closeConnection: false }

  const { email, description, photos } = verdict.estimate
  try {
    const stored: LeadPhoto[] = []
    for (const [index, photo] of photos.entries()) {
      const file = `photo-${index + 1}.${EXTENSIONS[photo.kind]}`
      await rename(photo.path, path.join(staging, file))
      stored.push({ file, name: cleanFileName(photo.name), type: MIME_TYPES[photo.kind], size: photo.size })
    }
    const lead: Lead = { id, kind: "estimate", created_at: new Date().toISOString(), email, photos: stored, ...(description ? { description } : {}) }
    await outbox.commit(staging, lead)
  } catch (error) {
    console.error("estimate : enregistrement impossible", error)
    await outbox.discard(staging)
    return { response: REFUSALS.storageFailed(), closeConnection: false }
  }

  if (config.storage === "ephemeral") {
    // No lasting disk: the request counts as received only once a channel took it.
    const delivered = await courier.deliver(id).catch(() => false)
    courier.forget(id)
    if (!delivered) {
      await outbox.discard(outbox.leadDir(id))
      return { response: REFUSALS.noDelivery(), closeConnection: false }
    }
  } else {
    void courier.deliver(id).catch((error: unknown) => console.error(`estimate : envoi de ${id} impossible`, error))
  }
  return { response: jsonResponse(201, { id, message: acceptedMessage(id) }, NO_STORE), closeConnection: false }
}
