/**
 * What each API route accepts, declared once. The server (src/server/host/api.ts) reads every
 * request body through src/server/http/body.ts following these declarations: it refuses from the
 * headers what it can (wrong Content-Type → 415, Content-Length over `maxBytes` → 413), then
 * reads at most `maxBytes` within `timeoutMs`, and only then calls the route's function, whose
 * `req.body` is the result (see RequestBody in src/server/http/body.ts). A function in
 * .cache/functions without an entry here stops the server at start-up.
 *
 * Types only and plain constants: functions import this file, it must not pull in Node modules.
 */
import { ESTIMATE_LIMITS, MAX_GARMENTS, PHOTO_FIELDS } from "../../contract/estimate"

/** Streaming multipart/form-data limits (src/server/http/multipart.ts; busboy underneath). */
export type MultipartLimits = {
  /** Most files in one request. */
  readonly files: number
  /** Largest single file, in bytes. */
  readonly fileBytes: number
  /** Media types a file may declare ("image/jpeg"…); any other → 415. "*\/*": any (the function checks the bytes). */
  readonly fileMediaTypes: readonly string[]
  /** Fields that only carry files: such a part without a file name is refused (fileWithoutName), never read as text. */
  readonly fileFields: readonly string[]
  /** Most non-file fields, and the largest value of one, in bytes. */
  readonly fields: number
  readonly fieldBytes: number
}

export type BodyRule = {
  /** Accepted Content-Type media types, lower case, without parameters. */
  readonly mediaTypes: readonly string[]
  /** Whole body, in bytes on the wire: refused from Content-Length, counted while reading. */
  readonly maxBytes: number
  /** Time to receive the body once the headers are in (default: the server's BODY_TIMEOUT_MS). */
  readonly timeoutMs?: number
  /** Present only on routes that accept multipart/form-data (listed in `mediaTypes` too). */
  readonly multipart?: MultipartLimits
  /** The route's own words for the refusals the server decides for it (default: generic ones). */
  readonly refusals?: RouteRefusals
}

/** A refusal as the route wants it sent: status, `error` code and French `message`. */
export type Refusal = { readonly status: number; readonly error: string; readonly message: string }

export type RouteRefusals = {
  /** Content-Type not accepted (415 by default). */
  readonly mediaType?: Refusal
  /** Whole body over `maxBytes`, from Content-Length or while reading. */
  readonly tooLarge?: Refusal
  /** Not readable as the declared form (a multipart body busboy cannot parse). */
  readonly malformed?: Refusal
  /** More files than `multipart.files`. */
  readonly tooManyFiles?: Refusal
  /** A file over `multipart.fileBytes`; `{fichier}` in the message becomes its (cleaned) name. */
  readonly fileTooLarge?: Refusal
  /** A part of a `multipart.fileFields` field that came without a file name. */
  readonly fileWithoutName?: Refusal
  /** A field value over `multipart.fieldBytes`. */
  readonly fieldTooLarge?: Refusal
}

/**
 * The per-client limits the server applies (src/server/host/serve.ts reads their numbers from the
 * environment: CHAT_RATE_LIMIT and CHAT_RATE_WINDOW_S for "chat", ESTIMATE_RATE_LIMIT for "leads").
 */
export type RateLimitName = "chat" | "leads"

/**
 * Counted per client address and route before the body is read, so a client over its limit is
 * refused at once (429 + Retry-After) and never uploads its body. `{secondes}` in the message
 * becomes the wait.
 */
export type RateLimitRule = { readonly limit: RateLimitName; readonly refusal: Refusal }

export type ApiRoute = {
  /** Methods the route answers (HEAD comes with GET); others get the function's 405. */
  readonly methods: readonly string[]
  /** The body it reads; absent: the route reads none. */
  readonly body?: BodyRule
  readonly rateLimit?: RateLimitRule
  /** Writes into the outbox: before its body is read, the host asks whether there is room (src/server/leads/room.ts; 503 if not). */
  readonly storesLeads?: true
}

export const KB = 1024
export const MB = 1024 * KB

/** POST /api/chat: JSON, well above the largest valid request (2000 characters of message plus name and email). */
export const CHAT_ROUTE = {
  methods: ["POST"],
  body: { mediaTypes: ["application/json"], maxBytes: 32 * KB },
  rateLimit: {
    limit: "chat",
    refusal: { status: 429, error: "too_many_requests", message: "Trop de messages en peu de temps : réessayez dans {secondes} s." },
  },
} as const satisfies ApiRoute

/** The buy-back form and the chat's contact: each request reaches the team, so few per visitor. */
const LEADS_RATE_LIMIT = {
  limit: "leads",
  refusal: { status: 429, error: "rate_limited", message: "Trop de demandes envoyées depuis votre connexion. Réessayez dans quelques minutes." },
} as const satisfies RateLimitRule

const ESTIMATE_PHOTOS = ESTIMATE_LIMITS.maxPhotos
const ESTIMATE_PHOTO_BYTES = ESTIMATE_LIMITS.photoBytes
const ESTIMATE_REQUEST_MB = ESTIMATE_LIMITS.requestPhotoBytes / MB

/**
 * POST /api/estimate: the buy-back form (email, website = honeypot, up to MAX_GARMENTS garments of
 * 4 photos of 10 MB, 80 MB of photos in all; src/contract/estimate.ts). Files of any declared type
 * are taken: a phone may declare a photo as application/octet-stream, and the function judges each
 * by its bytes (HEIC, not an image…). The body timeout leaves a phone time to send 80 MB (about
 * 1.2 Mbit/s) and stays under the proof-of-work's 10 minutes (src/server/proof-of-work/guard.ts
 * CHALLENGE_TTL_S), checked once the body is in.
 */
export const ESTIMATE_ROUTE = {
  methods: ["POST"],
  body: {
    mediaTypes: ["multipart/form-data"],
    // Every photo plus the fields and the multipart framing.
    maxBytes: ESTIMATE_LIMITS.requestPhotoBytes + 256 * KB,
    timeoutMs: 540_000,
    multipart: {
      files: ESTIMATE_PHOTOS * MAX_GARMENTS,
      fileBytes: ESTIMATE_PHOTO_BYTES,
      fileMediaTypes: ["*/*"],
      fileFields: PHOTO_FIELDS,
      // email, website, altcha, the legacy single-garment fields, 4 per garment.
      fields: 64,
      fieldBytes: 16 * KB,
    },
    refusals: {
      mediaType: {
        status: 415,
        error: "unsupported_media_type",
        message: "Envoyez le formulaire en multipart/form-data (champs email, description et photos).",
      },
      tooLarge: {
        status: 413,
        error: "payload_too_large",
        message: `La demande est trop volumineuse : ${ESTIMATE_REQUEST_MB} Mo de photos au maximum en tout (${ESTIMATE_PHOTO_BYTES / MB} Mo par photo). Retirez des photos ou envoyez vos articles en deux demandes.`,
      },
      malformed: { status: 400, error: "invalid_body", message: `Le formulaire reçu est illisible ou incomplet. Réessayez.` },
      tooManyFiles: {
        status: 400,
        error: "too_many_photos",
        message: `Une demande compte ${MAX_GARMENTS} articles de ${ESTIMATE_PHOTOS} photos au maximum.`,
      },
      fileTooLarge: {
        status: 413,
        error: "photo_too_large",
        message: `La photo « {fichier} » dépasse ${ESTIMATE_PHOTO_BYTES / MB} Mo. Envoyez une version plus légère.`,
      },
      fileWithoutName: { status: 400, error: "invalid_photo", message: "Une photo est arrivée sans son nom de fichier : ajoutez-la de nouveau." },
      fieldTooLarge: { status: 400, error: "description_too_long", message: `La description ne doit pas dépasser ${ESTIMATE_LIMITS.description} caractères.` },
    },
  },
  rateLimit: LEADS_RATE_LIMIT,
  storesLeads: true,
} as const satisfies ApiRoute

/** POST /api/contact: the chat's « Mes infos » and the conversation, JSON; 200 messages of 2000 characters fit. */
export const CONTACT_ROUTE = {
  methods: ["POST"],
  body: {
    mediaTypes: ["application/json"],
    maxBytes: 512 * KB,
    refusals: { mediaType: { status: 415, error: "unsupported_media_type", message: "Envoyez le contact en JSON (Content-Type: application/json)." } },
  },
  rateLimit: LEADS_RATE_LIMIT,
  storesLeads: true,
} as const satisfies ApiRoute

/**
 * Keyed by Gatsby's functionRoute (the path under /api/). A multipart route's function reads
 * `req.body` as a MultipartBody (src/server/http/multipart.ts).
 */
export const API_ROUTES: Readonly<Record<string, ApiRoute>> = {
  chat: CHAT_ROUTE,
  estimate: ESTIMATE_ROUTE,
  contact: CONTACT_ROUTE,
  /** The anti-spam proof-of-work's challenges (src/server/proof-of-work/): small, cheap to sign, no body. */
  challenge: { methods: ["GET"] },
  "vinted/stores": { methods: ["GET"] },
  "vinted/news": { methods: ["GET"] },
}
