/**
 * POST /api/estimate as pure functions: what the form read by the server (src/server/http/multipart.ts,
 * under ESTIMATE_ROUTE of src/server/http/routes.ts) must satisfy once each photo's kind is known from
 * its bytes. Every refusal is { status, code, French message }, tested one by one in
 * __tests__/server/estimate.test.ts; those the server decides while reading (415, 413, too many
 * photos, unreadable form) are worded in ESTIMATE_ROUTE.body.refusals.
 */
import { isValidEmail, MAX_EMAIL_LENGTH } from "../../contract/email"
import { ESTIMATE_FIELDS, ESTIMATE_LIMITS, ITEM_FIELDS, type EstimateItem } from "../../contract/estimate"
import { MAX_PHOTO_PIXELS, type ImageKind } from "../../contract/photos"
import { errorResponse, NO_STORE, type ApiResponse } from "../http/responses"
import { cleanFileName } from "../http/multipart"
import { ESTIMATE_ROUTE } from "../http/routes"
import { hasLineBreak } from "../leads/channels"

export { cleanFileName }

const { refusals } = ESTIMATE_ROUTE.body

export { ESTIMATE_LIMITS }
export const PHOTO_FIELD = ESTIMATE_FIELDS.photos
export const HONEYPOT_FIELD = ESTIMATE_FIELDS.honeypot

export const MIME_TYPES: Record<Exclude<ImageKind, "heic">, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
}

export const EXTENSIONS: Record<Exclude<ImageKind, "heic">, string> = { jpeg: "jpg", png: "png", webp: "webp", gif: "gif", avif: "avif" }

export const REFUSALS = {
  notMultipart: () => errorResponse(refusals.mediaType.status, refusals.mediaType.error, refusals.mediaType.message, NO_STORE),
  emailRequired: () => errorResponse(400, "email_required", "Le champ « email » est obligatoire.", NO_STORE),
  emailInvalid: () => errorResponse(400, "invalid_email", "L'adresse email ne semble pas valide (exemple : vous@exemple.fr).", NO_STORE),
  descriptionTooLong: () => errorResponse(refusals.fieldTooLarge.status, refusals.fieldTooLarge.error, refusals.fieldTooLarge.message, NO_STORE),
  itemFieldTooLong: (field: string) =>
    errorResponse(400, "invalid_item_field", `Le champ « ${field} » doit faire au plus ${ESTIMATE_LIMITS.itemField} caractères.`, NO_STORE),
  photosRequired: () => errorResponse(400, "photos_required", "Ajoutez au moins une photo de l'article.", NO_STORE),
  tooManyPhotos: () => errorResponse(refusals.tooManyFiles.status, refusals.tooManyFiles.error, refusals.tooManyFiles.message, NO_STORE),
  notImage: (name: string) => errorResponse(400, "not_an_image", `« ${name} » n'est pas une photo. Envoyez une image JPEG, PNG, WebP, GIF ou AVIF.`, NO_STORE),
  heic: (name: string) => errorResponse(400, "heic_not_accepted", `« ${name} » est au format HEIC, non accepté. Envoyez-la en JPEG.`, NO_STORE),
  tooManyPixels: (name: string, width: number, height: number) =>
    errorResponse(
      413,
      "photo_too_many_pixels",
      `La photo « ${name} » mesure ${width} × ${height} pixels : ${MAX_PHOTO_PIXELS / 1_000_000} millions de pixels au maximum. Envoyez une version plus petite.`,
      NO_STORE,
    ),
  unreadablePhoto: (name: string) =>
    errorResponse(400, "unreadable_photo", `La photo « ${name} » est illisible ou incomplète. Choisissez-la de nouveau ou envoyez-en une autre.`, NO_STORE),
  busy: (seconds: number) =>
    errorResponse(503, "photos_busy", `Beaucoup de photos arrivent en même temps. Votre demande n'a pas été envoyée : réessayez dans ${seconds} secondes.`, {
      ...NO_STORE,
      "Retry-After": String(seconds),
    }),
  lineBreak: (field: string) => errorResponse(400, "line_break_refused", `Le champ « ${field} » ne doit pas contenir de retour à la ligne.`, NO_STORE),
  noDelivery: () =>
    errorResponse(
      503,
      "leads_unavailable",
      "Le service de demandes est momentanément indisponible. Votre demande n'a pas été envoyée : réessayez plus tard.",
      NO_STORE,
    ),
  storageFailed: () =>
    errorResponse(503, "leads_unavailable", "Votre demande n'a pas pu être enregistrée. Elle n'a pas été envoyée : réessayez dans un instant.", NO_STORE),
} as const

/** A photo the server stored in a temporary file, with its kind read from its first bytes. */
export type ParsedPhoto = { path: string; name: string; size: number; kind: ImageKind | null }

export type ParsedForm = { fields: Readonly<Record<string, string>>; photos: ParsedPhoto[] }

export type AcceptedEstimate = { email: string; description: string; item: EstimateItem; photos: Array<ParsedPhoto & { kind: Exclude<ImageKind, "heic"> }> }

export type Verdict = { ok: true; bot: boolean; estimate: AcceptedEstimate } | { ok: false; response: ApiResponse }

export function judgeEstimate(form: ParsedForm): Verdict {
  const refuse = (response: ApiResponse): Verdict => ({ ok: false, response })
  const email = form.fields.email ?? ""
  const description = form.fields.description ?? ""
  if (hasLineBreak(email.trim())) return refuse(REFUSALS.lineBreak("email"))
  if (email.trim() === "") return refuse(REFUSALS.emailRequired())
  if (email.trim().length > MAX_EMAIL_LENGTH || !isValidEmail(email)) return refuse(REFUSALS.emailInvalid())
  if (description.trim().length > ESTIMATE_LIMITS.description) return refuse(REFUSALS.descriptionTooLong())
  // Brand, category and condition are optional (the form's selects); they travel to the mail, so one line each.
  const item: EstimateItem = {}
  for (const field of ITEM_FIELDS) {
    const value = (form.fields[ESTIMATE_FIELDS[field]] ?? "").trim()
    if (hasLineBreak(value)) return refuse(REFUSALS.lineBreak(field))
    if (value.length > ESTIMATE_LIMITS.itemField) return refuse(REFUSALS.itemFieldTooLong(field))
    if (value !== "") item[field] = value
  }

  const photos: AcceptedEstimate["photos"] = []
  for (const photo of form.photos) {
    if (hasLineBreak(photo.name)) return refuse(REFUSALS.lineBreak("photos"))
    if (photo.kind === "heic") return refuse(REFUSALS.heic(cleanFileName(photo.name)))
    if (photo.kind === null) return refuse(REFUSALS.notImage(cleanFileName(photo.name)))
    photos.push({ ...photo, kind: photo.kind })
  }
  if (photos.length < ESTIMATE_LIMITS.minPhotos) return refuse(REFUSALS.photosRequired())
  if (photos.length > ESTIMATE_LIMITS.maxPhotos) return refuse(REFUSALS.tooManyPhotos())

  const bot = (form.fields[HONEYPOT_FIELD] ?? "").trim() !== ""
  return { ok: true, bot, estimate: { email: email.trim(), description: description.trim(), item, photos } }
}
