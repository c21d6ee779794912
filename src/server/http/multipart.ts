/**
 * Streaming multipart/form-data for the routes that declare `multipart` limits in
 * src/server/http/routes.ts (called by readBody in src/server/http/body.ts, never directly by a function).
 * Parsed as it arrives with busboy: each file goes straight to a temporary file, so memory holds
 * one chunk at a time, never a whole upload. Any limit crossed ends the request at once:
 * too many files/fields or a file/field/body too large → 413, a file of a type not listed → 415,
 * a malformed form → 400.
 *
 * What must stay true (issue 25): every temporary file lives in one folder per request under the
 * server's upload folder (docs/security.md#request-bodies), and that folder is removed once its files are closed,
 * whatever ends the request: the answer sent (cleanup), a refusal, a timeout, the client gone, a
 * write failure. Closing waits for each file's own `close` event, never for a pipeline to settle
 * (a destroyed stream's pipeline may never settle: issue 25's leaked descriptors).
 */
import busboy from "busboy"
import { createWriteStream, mkdtempSync, rmSync, type WriteStream } from "node:fs"
import type { IncomingMessage } from "node:http"
import { join } from "node:path"
import type { Readable } from "node:stream"
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

/** How one form is read: its route's limits and refusals, its time, and the folder its files go to. */
export type MultipartRead = {
  readonly maxBytes: number
  readonly limits: MultipartLimits
  readonly timeoutMs: number
  readonly uploadDir: string
  readonly refusals?: RouteRefusals
}

const invalidForm = () => errorResponse(400, "invalid_form", "Le formulaire envoyé est illisible.")
const tooMany = (limits: MultipartLimits) =>
  errorResponse(413, "too_many_parts", `Le formulaire contient trop d'éléments (au plus ${limits.files} fichiers et ${limits.fields} champs).`)
const fileTooLarge = (limits: MultipartLimits) =>
  errorResponse(413, "file_too_large", `Chaque fichier doit faire au plus ${Math.round(limits.fileBytes / (1024 * 1024))} Mo.`)
const fileWithoutName = () => errorResponse(400, "file_without_name", "Un fichier est arrivé sans son nom : ajoutez-le de nouveau.")
const notStored = () => errorResponse(503, "upload_failed", "Le serveur n'a pas pu enregistrer vos fichiers. Réessayez dans quelques minutes.")

/** A visitor's file name as it may appear in a message, a mail attachment and a CSV: one line, no path, 100 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ""
  // Control and bidi characters are exactly what must go (src/contract/text.ts).
  return withoutInvisibles(base).replace(/"/g, "").slice(-100) || "photo"
}

/** Resolves once the file's descriptor is closed (at once if it already is). */
function closed(out: WriteStream): Promise<void> {
  return out.closed ? Promise.resolve() : new Promise((resolve) => out.once("close", () => resolve()))
}

export function readMultipart(req: IncomingMessage, { maxBytes, limits, timeoutMs, uploadDir, refusals = {} }: MultipartRead): Promise<MultipartOutcome> {
  const malformed = () => routeRefusal(refusals.malformed, invalidForm())
  return new Promise((resolve) => {
    let directory: string | null = null
    const files: Array<{ -readonly [Key in keyof UploadedFile]: UploadedFile[Key] }> = []
    const fields: Record<string, string> = {}
    const writes: Array<{ source: Readable; out: WriteStream; done: Promise<void> }> = []
    let received = 0
    let settled = false
    const removeFolder = () => {
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
        // Every file is cut short and closed, then the folder goes (an open file's bytes stay on disk until closed).
        for (const { source, out } of writes) {
          source.destroy()
          out.destroy()
        }
        void Promise.all(writes.map(({ out }) => closed(out))).then(removeFolder)
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

    parser.on("file", (field, source, info) => {
      const mediaType = info.mimeType.toLowerCase()
      if (settled || !(limits.fileMediaTypes.includes("*/*") || limits.fileMediaTypes.includes(mediaType))) {
        source.resume()
        settle({ ok: false, response: unsupportedMediaType(limits.fileMediaTypes) })
        return
      }
      try {
        directory ??= mkdtempSync(join(uploadDir, "u-"))
      } catch (error) {
        console.error("serve : dossier d'envoi impossible à créer", error)
        source.resume()
        settle({ ok: false, response: notStored() })
        return
      }
      const file = { field, filename: info.filename ?? "", mediaType, path: join(directory, String(files.length)), bytes: 0 }
      files.push(file)
      const out = createWriteStream(file.path)
      writes.push({ source, out, done: closed(out) })
      source.on("data", (chunk: Buffer) => {
        file.bytes += chunk.length
      })
      source.once("limit", () => settle({ ok: false, response: routeRefusal(refusals.fileTooLarge, fileTooLarge(limits), cleanFileName(file.filename)) }))
      // A truncated form fails the file stream: the whole form is unreadable.
      source.on("error", () => settle({ ok: false, response: malformed() }))
      out.on("error", (error) => {
        // Once settled, errors are those of our own destroy().
        if (settled) return
        console.error("serve : fichier envoyé impossible à écrire", error)
        settle({ ok: false, response: notStored() })
      })
      source.pipe(out)
    })
    parser.on("field", (name, value, info) => {
      // A part named like a file field but without a file name is a broken file, whatever its size.
      if (limits.fileFields.includes(name)) settle({ ok: false, response: routeRefusal(refusals.fileWithoutName, fileWithoutName()) })
      else if (info.valueTruncated) settle({ ok: false, response: routeRefusal(refusals.fieldTooLarge, payloadTooLarge()) })
      else fields[name] = value
    })
    parser.once("filesLimit", () => settle({ ok: false, response: routeRefusal(refusals.tooManyFiles, tooMany(limits)) }))
    for (const event of ["fieldsLimit", "partsLimit"] as const) parser.once(event, () => settle({ ok: false, response: tooMany(limits) }))
    parser.on("error", () => settle({ ok: false, response: malformed() }))
    parser.once("close", () => {
      // Each file written to its end and closed (a write error settles first, as a refusal).
      void Promise.all(writes.map(({ done }) => done)).then(() => settle({ ok: true, body: { fields, files }, cleanup: removeFolder }))
    })

    req.on("data", count)
    req.on("error", () => settle({ ok: false, response: null }))
    req.once("close", () => {
      if (!req.complete) settle({ ok: false, response: null })
    })
    req.pipe(parser)
  })
}
