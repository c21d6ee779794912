/**
 * The HTTP glue of POST /api/estimate: busboy over the request stream, each photo streamed to
 * a file in the request's outbox staging folder (never buffered whole), with limits. The only
 * file that knows about busboy: the shared multipart helper can replace it here.
 *
 * What must stay true: the promise always settles, whatever the client does (a body cut mid-way,
 * garbage instead of multipart, a never-ending body), and no error escapes as an exception.
 */
import { createWriteStream } from "node:fs"
import { writeFile } from "node:fs/promises"
import type { IncomingMessage } from "node:http"
import path from "node:path"
import busboy from "busboy"
import { sniffImageKind } from "../../lib/image-files"
import { ESTIMATE_LIMITS, FIELD_BYTES, MAX_BODY_BYTES, type ParsedForm, type ParsedPhoto } from "./rules"

/** Enough bytes for every signature sniffImageKind knows. */
const HEAD_BYTES = 64
const FIELDS = 8
const PHOTO_FIELD = "photos"

export type ParseOutcome = (ParsedForm & { aborted: false }) | { aborted: true }

/** What Gatsby's own function runtime leaves on the request after its multer().any() ran. */
type PreParsed = { body?: unknown; files?: Array<{ fieldname: string; originalname: string; buffer: Buffer; size: number }> }

/**
 * Under `gatsby develop`/`gatsby serve`/Gatsby's adapters, multer has already read the whole body
 * into memory before the function runs (scripts/serve.ts does not): the same rules apply to
 * what it kept.
 */
async function fromPreParsed(req: IncomingMessage & PreParsed, staging: string): Promise<ParseOutcome> {
  const form: ParsedForm = { fields: {}, photos: [], problem: null }
  if (req.body && typeof req.body === "object") {
    for (const [name, value] of Object.entries(req.body)) if (typeof value === "string") form.fields[name] = value
  }
  const files = (req.files ?? []).filter((file) => file.fieldname === PHOTO_FIELD)
  if (files.length > ESTIMATE_LIMITS.maxPhotos) form.problem = "too_many_photos"
  for (const file of files.slice(0, ESTIMATE_LIMITS.maxPhotos)) {
    const photo: ParsedPhoto = { path: path.join(staging, `upload-${form.photos.length + 1}`), name: file.originalname, size: file.size, kind: sniffImageKind(file.buffer.subarray(0, HEAD_BYTES)), truncated: file.size > ESTIMATE_LIMITS.photoBytes }
    await writeFile(photo.path, file.buffer)
    form.photos.push(photo)
  }
  return { ...form, aborted: false }
}

export function parseEstimateForm(req: IncomingMessage, staging: string): Promise<ParseOutcome> {
  if (req.readableEnded) return fromPreParsed(req, staging)
  return new Promise((resolve) => {
    const form: ParsedForm = { fields: {}, photos: [], problem: null }
    const writes: Array<Promise<void>> = []
    const outputs: Array<NodeJS.WritableStream & { destroy: () => void }> = []
    let settled = false
    let received = 0

    const finish = (outcome: ParseOutcome) => {
      if (settled) return
      settled = true
      req.off("data", count)
      // Resolve once every photo file is closed, so the caller may move or delete the folder.
      void Promise.allSettled(writes).then(() => resolve(outcome))
    }
    // A cut body never ends the photo streams: close their files so the promise can settle.
    const cut = () => {
      req.unpipe(parser)
      for (const output of outputs) output.destroy()
    }
    const abort = () => {
      cut()
      finish({ aborted: true })
    }
    const stop = (problem: ParsedForm["problem"]) => {
      if (!form.problem) form.problem = problem
    }

    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: req.headers,
        // Browsers send UTF-8 file names unencoded; busboy would read them as latin1 ("Ã©tiquette").
        defParamCharset: "utf8",
        limits: { files: ESTIMATE_LIMITS.maxPhotos, fileSize: ESTIMATE_LIMITS.photoBytes, fields: FIELDS, fieldSize: FIELD_BYTES, parts: FIELDS + ESTIMATE_LIMITS.maxPhotos },
      })
    } catch {
      // Missing or broken boundary: nothing to parse.
      req.resume()
      form.problem = "malformed"
      finish({ ...form, aborted: false })
      return
    }

    // A body without Content-Length (chunked) is cut off here; the caller closes the connection.
    function count(chunk: Buffer) {
      received += chunk.length
      if (received > MAX_BODY_BYTES && !settled) {
        stop("too_large")
        cut()
        finish({ ...form, aborted: false })
      }
    }
    req.on("data", count)

    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) stop("field_too_large")
      else if (!(name in form.fields)) form.fields[name] = value
    })

    parser.on("file", (name, stream, info) => {
      if (name !== PHOTO_FIELD || form.problem) {
        stream.resume()
        return
      }
      const photo: ParsedPhoto = { path: path.join(staging, `upload-${form.photos.length + 1}`), name: info.filename ?? "", size: 0, kind: null, truncated: false }
      form.photos.push(photo)
      const out = createWriteStream(photo.path)
      outputs.push(out)
      let head = Buffer.alloc(0)
      stream.on("data", (chunk: Buffer) => {
        photo.size += chunk.length
        if (head.length < HEAD_BYTES) {
          head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)])
          photo.kind = sniffImageKind(head)
        }
      })
      stream.on("limit", () => {
        photo.truncated = true
      })
      writes.push(
        new Promise<void>((done) => {
          out.on("close", done)
          out.on("error", (error) => {
            console.error("estimate : écriture d'une photo impossible", error)
            stop("malformed")
            stream.resume()
            done()
          })
        }),
      )
      stream.pipe(out)
    })

    parser.on("filesLimit", () => stop("too_many_photos"))
    parser.on("fieldsLimit", () => stop("malformed"))
    parser.on("partsLimit", () => stop("malformed"))
    parser.on("error", () => {
      stop("malformed")
      req.unpipe(parser)
      // Let the rest of the body arrive and be dropped, so the answer can be read by the client.
      req.resume()
      req.on("end", () => finish({ ...form, aborted: false }))
      if (req.readableEnded) finish({ ...form, aborted: false })
    })
    parser.on("close", () => finish({ ...form, aborted: false }))

    req.on("aborted", abort)
    req.on("error", abort)
    req.on("close", () => {
      if (!req.complete) abort()
    })
    req.pipe(parser)
  })
}
