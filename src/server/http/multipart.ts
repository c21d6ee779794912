/**
 * Streaming multipart/form-data for the routes that declare `multipart` limits in
 * src/server/http/routes.ts (called by readBody in src/server/http/body.ts, never directly by a function).
 * Parsed as it arrives with busboy: each file goes straight to a temporary file, so memory holds
 * one chunk at a time, never a whole upload. Any limit crossed ends the request at once:
 * too many files/fields or a file/field/body too large → 413, a file of a type not listed → 415,
 * a malformed form → 400. The temporary files are removed when the answer is sent (cleanup).
 */
import busboy from "busboy"
import { createWriteStream, mkdtempSync, rmSync } from "node:fs"
import type { IncomingMessage } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import { bodyTimedOut, errorResponse, payloadTooLarge, routeRefusal, unsupportedMediaType, type ApiResponse } from "./responses"
import type { MultipartLimits, RouteRefusals } from "./routes"
import { withoutInvisibles } from "../../contract/text"

export type UploadedFile = {
  /** The form field it came in ("photos"). */
  readonly field: string
  /** The name the visitor's device gave it (display only, never a path on the server). */
  readonly filename: string
  readonly mediaType: string
  /** Temporary file holding it until the answer is sent. */
  readonly path: string
  readonly bytes: number
}

export type MultipartBody = {
  readonly fields: Readonly<Record<string, string>>
  readonly files: ReadonlyArray<UploadedFile>
}

/** A BodyOutcome of src/server/http/body.ts whose body is a form (defined here so body.ts is the only one importing the other). */
export type MultipartOutcome =
  { readonly ok: true; readonly body: MultipartBody; readonly cleanup: () => void } | { readonly ok: false; readonly response: ApiResponse | null }

const invalidForm = () => errorResponse(400, "invalid_form", "Le formulaire envoyé est illisible.")
const tooMany = (limits: MultipartLimits) =>
  errorResponse(413, "too_many_parts", `Le formulaire contient trop d'éléments (au plus ${limits.files} fichiers et ${limits.fields} champs).`)
const fileTooLarge = (limits: MultipartLimits) =>
  errorResponse(413, "file_too_large", `Chaque fichier doit faire au plus ${Math.round(limits.fileBytes / (1024 * 1024))} Mo.`)

/** A visitor's file name as it may appear in a message, a mail attachment and a CSV: one line, no path, 100 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ""
  // Control and bidi characters are exactly what must go (src/contract/text.ts).
  return withoutInvisibles(base).replace(/"/g, "").slice(-100) || "photo"
}

export function readMultipart(
  req: IncomingMessage,
  maxBytes: number,
  limits: MultipartLimits,
  timeoutMs: number,
  refusals: RouteRefusals = {},
): Promise<MultipartOutcome> {
  const malformed = () => routeRefusal(refusals.malformed, invalidForm())
  return new Promise((resolve) => {
    let directory: string | null = null
    const files: Array<{ -readonly [Key in keyof UploadedFile]: UploadedFile[Key] }> = []
    const fields: Record<string, string> = {}
    const writes: Array<Promise<unknown>> = []
    const streams: Readable[] = []
    let received = 0
    let settled = false
    const cleanup = () => {
      if (directory) rmSync(directory, { recursive: true, force: true })
      directory = null
    }
    const settle = (outcome: MultipartOutcome) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      req.off("data", count)
      if (!outcome.ok) {
        req.unpipe(parser)
        // Files still being written are cut short, then removed.
        for (const stream of streams) stream.destroy()
        void Promise.allSettled(writes).then(cleanup)
      }
      resolve(outcome)
    }
    const count = (chunk: Buffer) => {
      received += chunk.length
      if (received > maxBytes) settle({ ok: false, response: routeRefusal(refusals.tooLarge, payloadTooLarge()) })
    }

    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: req.headers,
        // Browsers send a file name's UTF-8 bytes as they are (« étiquette.png »), not latin1.
        defParamCharset: "utf8",
        limits: { files: limits.files, fileSize: limits.fileBytes, fields: limits.fields, fieldSize: limits.fieldBytes, parts: limits.files + limits.fields },
      })
    } catch {
      // No boundary, or not multipart after all.
      resolve({ ok: false, response: malformed() })
      return
    }
    const timer = setTimeout(() => settle({ ok: false, response: bodyTimedOut() }), timeoutMs)

    parser.on("file", (field, stream, info) => {
      const mediaType = info.mimeType.toLowerCase()
      if (settled || !(limits.fileMediaTypes.includes("*/*") || limits.fileMediaTypes.includes(mediaType))) {
        stream.resume()
        settle({ ok: false, response: unsupportedMediaType(limits.fileMediaTypes) })
        return
      }
      directory ??= mkdtempSync(join(tmpdir(), "maxai-upload-"))
      const file = { field, filename: info.filename ?? "", mediaType, path: join(directory, String(files.length)), bytes: 0 }
      files.push(file)
      streams.push(stream)
      stream.on("data", (chunk: Buffer) => {
        file.bytes += chunk.length
      })
      stream.once("limit", () => settle({ ok: false, response: routeRefusal(refusals.fileTooLarge, fileTooLarge(limits), cleanFileName(file.filename)) }))
      writes.push(pipeline(stream, createWriteStream(file.path)).catch(() => settle({ ok: false, response: null })))
    })
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) settle({ ok: false, response: routeRefusal(refusals.fieldTooLarge, payloadTooLarge()) })
      else fields[name] = value
    })
    parser.once("filesLimit", () => settle({ ok: false, response: routeRefusal(refusals.tooManyFiles, tooMany(limits)) }))
    for (const event of ["fieldsLimit", "partsLimit"] as const) parser.once(event, () => settle({ ok: false, response: tooMany(limits) }))
    parser.on("error", () => settle({ ok: false, response: malformed() }))
    parser.once("close", () => {
      void Promise.all(writes).then(() => settle({ ok: true, body: { fields, files }, cleanup }))
    })

    req.on("data", count)
    req.on("error", () => settle({ ok: false, response: null }))
    req.once("close", () => {
      if (!req.complete) settle({ ok: false, response: null })
    })
    req.pipe(parser)
  })
}
