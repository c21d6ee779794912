/**
 * The estimate form's one network call: POST {GATSBY_LEADS_API_URL}/api/estimate as multipart,
 * with upload progress (XMLHttpRequest: fetch reports none). Never rejects: the form learns
 * whether the request is in the shop's outbox (201 + its number) or why not.
 *
 * Not under withTimeout, on purpose: a total time limit would cut off a slow but moving upload
 * (the server gives 40 MB five minutes). Its timer is a stall watch instead, restarted by every
 * sign of life (ESTIMATE_STALL_MS).
 *
 * Before the upload it proves its work for the anti-spam check (lib/proof-of-work.ts, loaded
 * only then); a proof that cannot be had ends as a `network` or `unavailable` result like any other.
 */
import { ESTIMATE_FIELDS, garmentField, garmentPhotosField, ITEM_FIELDS, type EstimateItem } from "../contract/estimate"
import { PROOF_OF_WORK } from "../contract/proof-of-work"
import { endpoint } from "./endpoint"
import { frenchTypography } from "./typography"

/** One garment of the request, in the form's order. */
export type EstimateGarment = { item: EstimateItem; description: string; photos: ReadonlyArray<File> }

export type EstimateRequest = { email: string; garments: ReadonlyArray<EstimateGarment>; honeypot: string }

export type EstimateResult =
  /** `page`: the seller's private page, when the server keeps one (src/contract/estimate.ts EstimateAccepted). */
  | { ok: true; id: string; page?: string }
  /** refused: the server's French message (4xx); unavailable: 5xx/503; network: no answer or stalled. */
  | { ok: false; reason: "refused" | "unavailable" | "network"; message?: string }

/** Only an http(s) address is ever put in a link: a server's answer is not trusted with `javascript:`. */
function isPageAddress(page: unknown): page is string {
  return typeof page === "string" && /^https?:\/\/[^\s]+$/.test(page)
}

/** No byte uploaded and no answer for this long counts as a connection problem. */
export const ESTIMATE_STALL_MS = 30_000

export async function sendEstimate(request: EstimateRequest, onProgress: (percent: number) => void, stallMs = ESTIMATE_STALL_MS): Promise<EstimateResult> {
  // The solver's chunk itself may fail to load (offline): that is a network problem too.
  const proof = await import(/* webpackChunkName: "proof-of-work" */ "./proof-of-work")
    .then(({ proveWork }) => proveWork())
    .catch(() => ({ ok: false, reason: "network" }) as const)
  if (!proof.ok) return { ok: false, reason: proof.reason === "unavailable" ? "unavailable" : "network" }
  const body = new FormData()
  body.append(ESTIMATE_FIELDS.email, request.email.trim())
  body.append(ESTIMATE_FIELDS.honeypot, request.honeypot)
  body.append(PROOF_OF_WORK.field, proof.payload)
  // Garment N's fields and photos under its index (src/contract/estimate.ts), the texts before the files.
  for (const [index, garment] of request.garments.entries()) {
    const description = garment.description.trim()
    if (description) body.append(garmentField(index, "description"), description)
    for (const field of ITEM_FIELDS) {
      const value = garment.item[field]
      if (value) body.append(garmentField(index, field), value)
    }
  }
  for (const [index, garment] of request.garments.entries()) for (const photo of garment.photos) body.append(garmentPhotosField(index), photo, photo.name)

  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest()
    let stall = 0
    let settled = false
    const settle = (result: EstimateResult) => {
      if (settled) return
      settled = true
      window.clearTimeout(stall)
      resolve(result)
    }
    // Restarted by every sign of life, so a slow but moving upload is never cut off.
    const watch = () => {
      window.clearTimeout(stall)
      stall = window.setTimeout(() => {
        xhr.abort()
        settle({ ok: false, reason: "network" })
      }, stallMs)
    }
    xhr.upload.addEventListener("progress", (event) => {
      watch()
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)))
    })
    xhr.addEventListener("load", () => {
      let answer: { id?: unknown; message?: unknown; page?: unknown } = {}
      try {
        answer = JSON.parse(xhr.responseText) as typeof answer
      } catch {
        // A proxy's HTML error page: the status alone decides.
      }
      // The server's French message, typed with ordinary spaces: typography is added once, here.
      const message = typeof answer.message === "string" ? frenchTypography(answer.message) : undefined
      if (xhr.status === 201 && typeof answer.id === "string") settle({ ok: true, id: answer.id, ...(isPageAddress(answer.page) ? { page: answer.page } : {}) })
      else if (xhr.status >= 400 && xhr.status < 500 && message !== undefined) settle({ ok: false, reason: "refused", message })
      else settle({ ok: false, reason: "unavailable", ...(message !== undefined ? { message } : {}) })
    })
    xhr.addEventListener("error", () => settle({ ok: false, reason: "network" }))
    xhr.addEventListener("abort", () => settle({ ok: false, reason: "network" }))
    xhr.open("POST", endpoint("leads", "/api/estimate"))
    xhr.setRequestHeader("Accept", "application/json")
    watch()
    xhr.send(body)
  })
}
