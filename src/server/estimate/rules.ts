/**
 * POST /api/estimate as pure functions: what the form read by the server (src/server/http/multipart.ts,
 * under ESTIMATE_ROUTE of src/server/http/routes.ts) must satisfy once each photo's kind is known from
 * its bytes. Every refusal is { status, code, French message }, tested one by one in
 * __tests__/server/estimate.test.ts; those the server decides while reading (415, 413, too many
 * photos, unreadable form) are worded in ESTIMATE_ROUTE.body.refusals.
 */
import { isValidEmail, MAX_EMAIL_LENGTH } from "../../contract/email"
import { ESTIMATE_FIELDS, ESTIMATE_LIMITS, ITEM_FIELDS, MAX_GARMENTS, type EstimateItem } from "../../contract/estimate"
import { MAX_PHOTO_PIXELS, type ImageKind } from "../../contract/photos"
import { errorResponse, NO_STORE, type ApiResponse } from "../http/responses"
import { cleanFileName } from "../http/multipart"
import { ESTIMATE_ROUTE } from "../http/routes"
import { hasLineBreak } from "../leads/channels"
import { groupGarments, type PostedGarment } from "./garments"

export { cleanFileName }

const { refusals } = ESTIMATE_ROUTE.body

export { ESTIMATE_LIMITS }
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
  photosRequired: () => errorResponse(400, "photos_required", "Ajoutez au moins une photo de l'article.", NO_STORE),
  tooManyGarments: () =>
    errorResponse(400, "too_many_garments", `Une demande compte ${MAX_GARMENTS} articles au maximum : envoyez les autres dans une deuxième demande.`, NO_STORE),
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

/** A photo the server stored in a temporary file, with the field it came under and its kind read from its first bytes. */
export type ParsedPhoto = { field: string; path: string; name: string; size: number; kind: ImageKind | null }

export type ParsedForm = { fields: Readonly<Record<string, string>>; photos: ParsedPhoto[] }

export type AcceptedPhoto = ParsedPhoto & { kind: Exclude<ImageKind, "heic"> }

/** One garment as accepted: its choices, its description (line breaks kept) and its own photos. */
export type AcceptedGarment = { item: EstimateItem; description: string; photos: AcceptedPhoto[] }

/** `photos`: every garment's, in the garments' order (what is checked and stored, photo-1… in that order). */
export type AcceptedEstimate = { email: string; garments: AcceptedGarment[]; photos: AcceptedPhoto[] }

export type Verdict = { ok: true; bot: boolean; estimate: AcceptedEstimate } | { ok: false; response: ApiResponse }

/** « Article 2 : la description… », or the sentence alone when the request holds one garment. */
function named(number: number | null, sentence: string): string {
  return number === null ? sentence : `Article ${number} : ${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}`
}

type Problem = { status: number; code: string; sentence: string }

/** One garment's problems (`number`: its « Article N », null when alone), else its accepted values. */
function judgeGarment(posted: PostedGarment<ParsedPhoto>, number: number | null): { problems: Problem[] } | { garment: AcceptedGarment } {
  const problems: Problem[] = []
  const say = (status: number, code: string, sentence: string) => problems.push({ status, code, sentence: named(number, sentence) })
  // A browser posts a line break as CRLF: kept as one \n, as every multi-line text (issue 46).
  const description = (posted.text.description ?? "").replace(/\r\n?/g, "\n").trim()
  if (description.length > ESTIMATE_LIMITS.description) say(400, "description_too_long", refusals.fieldTooLarge.message)
  // Brand, category and condition are optional (the form's selects); they travel to the mail, so one line each.
  const item: EstimateItem = {}
  for (const field of ITEM_FIELDS) {
    const value = (posted.text[field] ?? "").trim()
    if (hasLineBreak(value)) say(400, "line_break_refused", `Le champ « ${field} » ne doit pas contenir de retour à la ligne.`)
    else if (value.length > ESTIMATE_LIMITS.itemField)
      say(400, "invalid_item_field", `Le champ « ${field} » doit faire au plus ${ESTIMATE_LIMITS.itemField} caractères.`)
    else if (value !== "") item[field] = value
  }
  if (posted.photos.length < ESTIMATE_LIMITS.minPhotos) {
    say(400, "photos_required", number === null ? "Ajoutez au moins une photo de l'article." : "Ajoutez au moins une photo.")
  }
  if (posted.photos.length > ESTIMATE_LIMITS.maxPhotos) say(400, "too_many_photos", `${ESTIMATE_LIMITS.maxPhotos} photos au maximum par article.`)
  return problems.length > 0 ? { problems } : { garment: { item, description, photos: posted.photos as AcceptedPhoto[] } }
}

export function judgeEstimate(form: ParsedForm): Verdict {
  const refuse = (response: ApiResponse): Verdict => ({ ok: false, response })
  const email = form.fields.email ?? ""
  if (hasLineBreak(email.trim())) return refuse(REFUSALS.lineBreak("email"))
  if (email.trim() === "") return refuse(REFUSALS.emailRequired())
  if (email.trim().length > MAX_EMAIL_LENGTH || !isValidEmail(email)) return refuse(REFUSALS.emailInvalid())
  // Each file's kind first: a file that is not a photo is named whatever garment it belongs to.
  for (const photo of form.photos) {
    if (hasLineBreak(photo.name)) return refuse(REFUSALS.lineBreak("photos"))
    if (photo.kind === "heic") return refuse(REFUSALS.heic(cleanFileName(photo.name)))
    if (photo.kind === null) return refuse(REFUSALS.notImage(cleanFileName(photo.name)))
  }
  const grouped = groupGarments(form.fields, form.photos)
  if (!grouped.ok) return refuse(REFUSALS.tooManyGarments())
  if (grouped.garments.length === 0) return refuse(REFUSALS.photosRequired())

  // Every garment's problems at once, each named, so the seller fixes them in one go.
  const alone = grouped.garments.length === 1
  const garments: AcceptedGarment[] = []
  const problems: Problem[] = []
  for (const posted of grouped.garments) {
    const judged = judgeGarment(posted, alone ? null : posted.index + 1)
    if ("problems" in judged) problems.push(...judged.problems)
    else garments.push(judged.garment)
  }
  const [first] = problems
  if (first) return refuse(errorResponse(first.status, first.code, problems.map((problem) => problem.sentence).join(" "), NO_STORE))

  const bot = (form.fields[HONEYPOT_FIELD] ?? "").trim() !== ""
  return { ok: true, bot, estimate: { email: email.trim(), garments, photos: garments.flatMap((garment) => garment.photos) } }
}
