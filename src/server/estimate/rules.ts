/**
 * POST /api/estimate as pure functions: what the headers alone refuse, and what the parsed
 * form (fields and photos, src/server/estimate/multipart.ts) must satisfy. Every refusal is
 * { status, code, French message }, tested one by one in __tests__/server/estimate.test.ts.
 */
import { isValidEmail, MAX_EMAIL_LENGTH } from "../../lib/email"
import { MAX_PHOTO_BYTES, type ImageKind } from "../../lib/image-files"
import { allowedMethod, errorResponse, methodNotAllowed, type ApiResponse } from "../http"

export const ESTIMATE_LIMITS = { minPhotos: 1, maxPhotos: 4, photoBytes: MAX_PHOTO_BYTES, description: 2000 } as const

/** Every field's value (email, description, honeypot) stays far below this. */
export const FIELD_BYTES = 16 * 1024
/** The largest honest body: four full photos plus fields and multipart framing. */
export const MAX_BODY_BYTES = ESTIMATE_LIMITS.maxPhotos * ESTIMATE_LIMITS.photoBytes + 256 * 1024

/** The hidden field only bots fill in (EstimateForm renders it off-screen, out of the tab order). */
export const HONEYPOT_FIELD = "website"

export const NO_STORE = { "Cache-Control": "no-store" }

export const MIME_TYPES: Record<Exclude<ImageKind, "heic">, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
}

export const EXTENSIONS: Record<Exclude<ImageKind, "heic">, string> = { jpeg: "jpg", png: "png", webp: "webp", gif: "gif", avif: "avif" }

export const REFUSALS = {
  tooLarge: () =>
    errorResponse(413, "payload_too_large", `La demande est trop volumineuse : ${ESTIMATE_LIMITS.maxPhotos} photos de ${ESTIMATE_LIMITS.photoBytes / 1024 / 1024} Mo au maximum.`, NO_STORE),
  photoTooLarge: (name: string) =>
    errorResponse(413, "photo_too_large", `La photo « ${name} » dépasse ${ESTIMATE_LIMITS.photoBytes / 1024 / 1024} Mo. Envoyez une version plus légère.`, NO_STORE),
  notMultipart: () => errorResponse(415, "unsupported_media_type", "Envoyez le formulaire en multipart/form-data (champs email, description et photos).", NO_STORE),
  malformed: () => errorResponse(400, "invalid_body", "Le formulaire reçu est illisible ou incomplet. Réessayez.", NO_STORE),
  emailRequired: () => errorResponse(400, "email_required", "Le champ « email » est obligatoire.", NO_STORE),
  emailInvalid: () => errorResponse(400, "invalid_email", "L'adresse email ne semble pas valide (exemple : vous@exemple.fr).", NO_STORE),
  descriptionTooLong: () =>
    errorResponse(400, "description_too_long", `La description ne doit pas dépasser ${ESTIMATE_LIMITS.description} caractères.`, NO_STORE),
  photosRequired: () => errorResponse(400, "photos_required", "Ajoutez au moins une photo de l'article.", NO_STORE),
  tooManyPhotos: () => errorResponse(400, "too_many_photos", `Une demande compte ${ESTIMATE_LIMITS.maxPhotos} photos au maximum.`, NO_STORE),
  notImage: (name: string) =>
    errorResponse(400, "not_an_image", `« ${name} » n'est pas une photo. Envoyez une image JPEG, PNG, WebP, GIF ou AVIF.`, NO_STORE),
  heic: (name: string) => errorResponse(400, "heic_not_accepted", `« ${name} » est au format HEIC, non accepté. Envoyez-la en JPEG.`, NO_STORE),
  lineBreak: (field: string) => errorResponse(400, "line_break_refused", `Le champ « ${field} » ne doit pas contenir de retour à la ligne.`, NO_STORE),
  rateLimited: (retryAfterSeconds: number) =>
    errorResponse(429, "rate_limited", "Trop de demandes envoyées depuis votre connexion. Réessayez dans quelques minutes.", {
      ...NO_STORE,
      "Retry-After": String(retryAfterSeconds),
    }),
  noDelivery: () =>
    errorResponse(503, "leads_unavailable", "Le service de demandes est momentanément indisponible. Votre demande n'a pas été envoyée : réessayez plus tard.", NO_STORE),
  storageFailed: () =>
    errorResponse(503, "leads_unavailable", "Votre demande n'a pas pu être enregistrée. Elle n'a pas été envoyée : réessayez dans un instant.", NO_STORE),
} as const

export type HeaderCheck = { method: string | undefined; contentType: string | undefined; contentLength: string | undefined }

/** The refusals decided before a byte of the body is read (405, 415, 413), else null. */
export function refuseFromHeaders({ method, contentType, contentLength }: HeaderCheck): ApiResponse | null {
  if (!allowedMethod(method, ["POST"])) return methodNotAllowed(["POST"], NO_STORE)
  const mediaType = (contentType ?? "").split(";")[0]?.trim().toLowerCase()
  if (mediaType !== "multipart/form-data" || !/boundary=/i.test(contentType ?? "")) return REFUSALS.notMultipart()
  if (contentLength !== undefined && Number(contentLength) > MAX_BODY_BYTES) return REFUSALS.tooLarge()
  return null
}

/** CR or LF would let a value end a mail header and start another (header injection). */
export function hasLineBreak(value: string): boolean {
  return /[\r\n]/.test(value)
}

export type ParsedPhoto = { path: string; name: string; size: number; kind: ImageKind | null; truncated: boolean }

export type ParsedForm = {
  fields: Record<string, string>
  photos: ParsedPhoto[]
  /** Set when parsing stopped early; the refusal follows from it. */
  problem: "too_many_photos" | "too_large" | "field_too_large" | "malformed" | null
}

export type AcceptedEstimate = { email: string; description: string; photos: Array<ParsedPhoto & { kind: Exclude<ImageKind, "heic"> }> }

export type Verdict = { ok: true; bot: boolean; estimate: AcceptedEstimate } | { ok: false; response: ApiResponse }

/** A visitor's file name as it may appear in a mail attachment and a CSV: one line, no path, 100 chars. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ""
  return base.replace(/[\u0000-\u001f\u007f"]/g, "").slice(-100) || "photo"
}

export function judgeEstimate(form: ParsedForm): Verdict {
  const refuse = (response: ApiResponse): Verdict => ({ ok: false, response })
  if (form.problem === "too_large") return refuse(REFUSALS.tooLarge())
  if (form.problem === "too_many_photos") return refuse(REFUSALS.tooManyPhotos())
  if (form.problem === "field_too_large") return refuse(REFUSALS.descriptionTooLong())
  if (form.problem === "malformed") return refuse(REFUSALS.malformed())

  const email = form.fields.email ?? ""
  const description = form.fields.description ?? ""
  if (hasLineBreak(email.trim())) return refuse(REFUSALS.lineBreak("email"))
  if (email.trim() === "") return refuse(REFUSALS.emailRequired())
  if (email.trim().length > MAX_EMAIL_LENGTH || !isValidEmail(email)) return refuse(REFUSALS.emailInvalid())
  if (description.trim().length > ESTIMATE_LIMITS.description) return refuse(REFUSALS.descriptionTooLong())

  const photos: AcceptedEstimate["photos"] = []
  for (const photo of form.photos) {
    if (hasLineBreak(photo.name)) return refuse(REFUSALS.lineBreak("photos"))
    if (photo.truncated) return refuse(REFUSALS.photoTooLarge(cleanFileName(photo.name)))
    if (photo.kind === "heic") return refuse(REFUSALS.heic(cleanFileName(photo.name)))
    if (photo.kind === null) return refuse(REFUSALS.notImage(cleanFileName(photo.name)))
    photos.push({ ...photo, kind: photo.kind })
  }
  if (photos.length < ESTIMATE_LIMITS.minPhotos) return refuse(REFUSALS.photosRequired())
  if (photos.length > ESTIMATE_LIMITS.maxPhotos) return refuse(REFUSALS.tooManyPhotos())

  const bot = (form.fields[HONEYPOT_FIELD] ?? "").trim() !== ""
  return { ok: true, bot, estimate: { email: email.trim(), description: description.trim(), photos } }
}
