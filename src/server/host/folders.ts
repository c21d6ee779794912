/**
 * The folders the server writes to, made ready before it listens (src/server/host/serve.ts):
 * LEADS_DIR must be a folder it can create and write in, or the server does not start (issue 25:
 * it used to start and answer 503 to every request); the upload folder LEADS_DIR/.uploads is
 * emptied of whatever a crash left there, then made again.
 *
 * Why under LEADS_DIR: uploads then sit on the outbox's disk (a photo the function keeps is moved
 * by one rename), and each server instance owns its own folder, so one starting never removes the
 * uploads another is receiving (a shared folder in the system's temporary directory would).
 */
import { mkdirSync, rmSync, unlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"

/** Under LEADS_DIR; a dot folder, so the outbox's listing of requests never sees it. */
export const UPLOADS_FOLDER = ".uploads"

/** The upload folder, ready and empty; or the French reason LEADS_DIR cannot be used. */
export function prepareFolders(leadsDir: string): { uploadDir: string } | { problem: string } {
  const uploadDir = join(leadsDir, UPLOADS_FOLDER)
  try {
    mkdirSync(leadsDir, { recursive: true })
    // Creating a file is the only sure test (permissions, read-only disk, quota, ACLs).
    const probe = join(leadsDir, `.probe-${process.pid}`)
    writeFileSync(probe, "")
    unlinkSync(probe)
    rmSync(uploadDir, { recursive: true, force: true })
    mkdirSync(uploadDir)
    return { uploadDir }
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message
    return { problem: `LEADS_DIR (${leadsDir}) est inutilisable : impossible d'y créer et d'y écrire des fichiers (${reason}).` }
  }
}
