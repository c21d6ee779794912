/**
 * Each save is a commit in the site's repository when `content/` is inside one (README,
 * "Studio"), authored by the owner's account, so any change can be undone (`git revert`). Only
 * the files of that save are committed, whatever else the working tree holds. A failed commit
 * is logged and never undoes the save: the site's files are the truth, the history its record.
 */
import { execFile } from "node:child_process"
import path from "node:path"
import { promisify } from "node:util"

const run = promisify(execFile)

async function repositoryOf(siteDir: string): Promise<string | null> {
  try {
    return (await run("git", ["-C", siteDir, "rev-parse", "--show-toplevel"])).stdout.trim() || null
  } catch {
    return null
  }
}

/** Commits `files` (absolute; written or deleted) with `message`, authored by `email`; returns whether a commit was made. */
export async function commitSave(siteDir: string, files: readonly string[], email: string, message: string): Promise<boolean> {
  const repository = await repositoryOf(siteDir)
  if (!repository || files.length === 0) return false
  const relative = files.map((file) => path.relative(repository, file))
  const identity = ["-c", `user.name=${email}`, "-c", `user.email=${email}`]
  try {
    await run("git", ["-C", repository, "add", "--all", "--", ...relative])
    const staged = await run("git", ["-C", repository, "diff", "--cached", "--name-only", "--", ...relative])
    if (!staged.stdout.trim()) return false
    await run("git", ["-C", repository, ...identity, "commit", "--quiet", `--author=${email} <${email}>`, "-m", message, "--", ...relative])
    return true
  } catch (error) {
    console.error(`studio : enregistré, mais le commit de « ${message} » a échoué`, error)
    return false
  }
}
