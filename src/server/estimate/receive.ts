/**
 * POST /api/estimate once the server has read the form (src/server/http/body.ts, ESTIMATE_ROUTE of
 * src/server/http/routes.ts: photos already in temporary files, limits already applied): rate limit,
 * each photo's kind from its first bytes, the rules, each photo's pixel count from its header then
 * its whole decode (src/server/photos/: a pixel bomb or a file that is not the image it claims is
 * refused in French and nothing is stored), then the outbox (durable before the answer), then
 * delivery. The answer is 201 only once the request is on disk (or, without a
 * lasting disk, delivered). The server removes the temporary files after the answer; accepted
 * photos were moved into the outbox before.
 *
 * With a lasting disk, the buy-back's intake (handed over by src/api/estimate.ts, never imported:
 * src/server/buyback/intake.ts) writes the request's record and seller's key into the same folder
 * before it appears; the 201 then names the seller's private page, and the seller's confirmation
 * (number, delay, link) is written to the request's letters, sent in the background.
 */
import { copyFile, open, rename, rm } from "node:fs/promises"
import path from "node:path"
import { sniffImageKind } from "../../contract/photos"
import { allowedMethod, jsonResponse, methodNotAllowed, NO_STORE, type ApiResponse } from "../http/responses"
import type { MultipartBody } from "../http/multipart"
import { newLeadId } from "../leads/outbox"
import type { LeadsService } from "../leads/service"
import type { ProofOfWork } from "../proof-of-work/guard"
import { PROOF_OF_WORK } from "../../contract/proof-of-work"
import type { Letter } from "../leads/letters"
import type { Lead, LeadPhoto } from "../leads/types"
import type { LeadGarment } from "../../contract/garments"
import { checkPhotoFile } from "../photos/check"
import { PHOTO_CHECK_WAIT_MS, photoCheckSlots } from "../photos/slots"
import { photoFieldIndex } from "./garments"
import { cleanFileName, EXTENSIONS, judgeEstimate, MIME_TYPES, REFUSALS, type AcceptedEstimate, type ParsedPhoto } from "./rules"
import { clock } from "../clock"

/** Enough bytes for every signature sniffImageKind knows. */
const HEAD_BYTES = 64

/** `site`: the shop's configured address with its path prefix (src/server/site-link.ts siteLink): the base of the seller's page. */
export type EstimateRequest = { method: string | undefined; body: unknown; site?: string }

/** The buy-back's part of a stored request (src/server/buyback/intake.ts), as this intake uses it. */
export type EstimateIntake = {
  /** Writes what the buy-back keeps into the request's staging folder; returns its page below the site ("/suivi/<token>/"). */
  open(staging: string, lead: Lead): Promise<string>
  /** The seller's confirmation letter, `page` being the page's full address. */
  confirmation(lead: Lead, page: string): Pick<Letter, "to" | "subject" | "text">
}

export function acceptedMessage(id: string): string {
  return `Demande n° ${id} enregistrée : notre proposition ferme vous arrivera par e-mail.`
}

export function isMultipartBody(body: unknown): body is MultipartBody {
  return body !== null && typeof body === "object" && !Buffer.isBuffer(body) && Array.isArray((body as MultipartBody).files)
}

async function readHead(file: string): Promise<Uint8Array> {
  const handle = await open(file, "r")
  try {
    const head = Buffer.alloc(HEAD_BYTES)
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0)
    return head.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

/**
 * Moves a temporary file into the outbox's staging folder in one step (rename); when the
 * temporary folder is on another device (EXDEV), copies beside the target then renames, so the
 * target name never holds half a photo.
 */
export async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error
    const partial = `${to}.part`
    await copyFile(from, partial)
    await rename(partial, to)
    await rm(from, { force: true })
  }
}

/**
 * Each photo's pixel count from its header, then its decode (src/server/photos/check.ts), a few
 * requests at a time (src/server/photos/slots.ts): null when all are the images they claim, else
 * the refusal naming the first that is not (or the 503 when no turn came).
 */
async function checkPhotos(photos: ReadonlyArray<ParsedPhoto>): Promise<ApiResponse | null> {
  const release = await photoCheckSlots().take()
  if (!release) return REFUSALS.busy(Math.ceil(PHOTO_CHECK_WAIT_MS / 1000))
  try {
    for (const photo of photos) {
      const verdict = await checkPhotoFile(photo.path)
      if (verdict.ok) continue
      const name = cleanFileName(photo.name)
      if (verdict.reason === "too-many-pixels") return REFUSALS.tooManyPixels(name, verdict.size.width, verdict.size.height)
      return verdict.reason === "not-image" ? REFUSALS.notImage(name) : REFUSALS.unreadablePhoto(name)
    }
    return null
  } finally {
    release()
  }
}

/**
 * Moves every accepted photo into the staging folder (photo-1… in the garments' order) and returns
 * the request's garments with their own photo files, plus the fields written before several
 * garments existed, kept for every reader of lead.json: `photos` all of them, `item` and
 * `description` the first garment's.
 */
async function storePhotos({ email, garments }: AcceptedEstimate, staging: string): Promise<Omit<Lead, "id" | "kind" | "created_at">> {
  const stored: LeadPhoto[] = []
  const leadGarments: LeadGarment[] = []
  for (const garment of garments) {
    const files: string[] = []
    for (const photo of garment.photos) {
      const file = `photo-${stored.length + 1}.${EXTENSIONS[photo.kind]}`
      await moveFile(photo.path, path.join(staging, file))
      stored.push({ file, name: cleanFileName(photo.name), type: MIME_TYPES[photo.kind], size: photo.size })
      files.push(file)
    }
    leadGarments.push({ ...garment.item, ...(garment.description ? { description: garment.description } : {}), photos: files })
  }
  const [first] = garments
  return {
    email,
    photos: stored,
    ...(first?.description ? { description: first.description } : {}),
    ...(first && Object.keys(first.item).length > 0 ? { item: first.item } : {}),
    garments: leadGarments,
  }
}

/**
 * `proof`: the anti-spam check (src/server/proof-of-work/), passed before anything is read or
 * stored; `intake`: the buy-back's part (none: the request alone, no seller's page).
 */
export async function receiveEstimate(
  { method, body, site }: EstimateRequest,
  service: LeadsService,
  proof: ProofOfWork,
  intake?: EstimateIntake,
): Promise<ApiResponse> {
  if (!allowedMethod(method, ["POST"])) return methodNotAllowed(["POST"], NO_STORE)
  // An empty body or one the server could not read as multipart.
  if (!isMultipartBody(body)) return REFUSALS.notMultipart()
  const unproven = await proof.check(body.fields[PROOF_OF_WORK.field])
  if (unproven) return unproven
  const { settings, outbox, courier } = service
  if (settings.storage === "ephemeral" && courier.channels.length === 0) return REFUSALS.noDelivery()

  const photos: ParsedPhoto[] = []
  for (const file of body.files) {
    if (photoFieldIndex(file.field) === null) continue
    photos.push({ field: file.field, path: file.path, name: file.filename, size: file.bytes, kind: sniffImageKind(await readHead(file.path)) })
  }
  const verdict = judgeEstimate({ fields: body.fields, photos })
  if (!verdict.ok) return verdict.response
  const id = newLeadId()
  // A bot that filled the hidden field is told what a person would be, and nothing is kept.
  if (verdict.bot) return jsonResponse(201, { id, message: acceptedMessage(id) }, NO_STORE)
  const refusal = await checkPhotos(verdict.estimate.photos)
  if (refusal) return refusal

  // The start-up clean-up of interrupted requests must not race this request's staging folder.
  await service.ready
  let staging: string
  try {
    staging = await outbox.staging()
  } catch (error) {
    console.error("estimate : dossier des demandes inaccessible", error)
    return REFUSALS.storageFailed()
  }
  // The seller's page only where the request lasts (a serverless host forgets it once delivered).
  const withPage = intake && site !== undefined && settings.storage === "disk" ? intake : null
  let page: string | undefined
  let lead: Lead
  try {
    lead = { id, kind: "estimate", created_at: clock.now().toISOString(), ...(await storePhotos(verdict.estimate, staging)) }
    if (withPage) page = `${site}${await withPage.open(staging, lead)}`
    await outbox.commit(staging, lead)
  } catch (error) {
    console.error("estimate : enregistrement impossible", error)
    await outbox.discard(staging)
    return REFUSALS.storageFailed()
  }

  if (settings.storage === "ephemeral") {
    // No lasting disk: the request counts as received only once a channel took it.
    const delivered = await courier.deliver(id).catch(() => false)
    courier.forget(id)
    if (!delivered) {
      await outbox.discard(outbox.leadDir(id))
      return REFUSALS.noDelivery()
    }
  } else {
    void courier.deliver(id).catch((error: unknown) => console.error(`estimate : envoi de ${id} impossible`, error))
  }
  if (withPage && page) {
    // The request is stored: a confirmation that cannot be written is logged, never a refusal (the page's link is in the answer).
    await service.letters
      .post(id, withPage.confirmation(lead, page))
      .catch((error: unknown) => console.error(`estimate : confirmation de ${id} non écrite`, error))
  }
  return jsonResponse(201, { id, message: acceptedMessage(id), ...(page ? { page } : {}) }, NO_STORE)
}
