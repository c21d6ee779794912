/**
 * `gatsby develop` only (src/server/host/serve.ts never gets here): Gatsby's own function runtime has
 * already parsed a multipart body with multer, fields in `req.body`, files in memory in
 * `req.files`. They are written to temporary files and handed over as the MultipartBody our
 * server gives, so the same rules apply to both. The limits of ESTIMATE_ROUTE are not enforced
 * while reading there (multer holds the whole body): a development convenience, not a deployment.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import type { MultipartBody, UploadedFile } from "../http/multipart"

type MulterFile = { fieldname: string; originalname: string; mimetype?: string; buffer: Buffer; size: number }
export type PreParsed = { body?: unknown; files?: unknown }

/** The form multer parsed, as a MultipartBody (null: nothing multer left), and how to remove its files. */
export async function fromMulter(req: PreParsed): Promise<{ body: MultipartBody; cleanup: () => Promise<void> } | null> {
  if (!Array.isArray(req.files) || req.body === null || typeof req.body !== "object") return null
  const directory = await mkdtemp(path.join(os.tmpdir(), "maxai-upload-"))
  const fields: Record<string, string> = {}
  for (const [name, value] of Object.entries(req.body)) if (typeof value === "string") fields[name] = value
  const files: UploadedFile[] = []
  for (const file of req.files as MulterFile[]) {
    const target = path.join(directory, String(files.length))
    await writeFile(target, file.buffer)
    files.push({ field: file.fieldname, filename: file.originalname, mediaType: file.mimetype ?? "", path: target, bytes: file.size })
  }
  return { body: { fields, files }, cleanup: () => rm(directory, { recursive: true, force: true }) }
}
