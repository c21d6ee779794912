/**
 * Each save is a commit in the site's repository when `content/` is inside one (docs/studio.md#history-one-commit-per-save), authored by the owner's account, so any change can be undone (`git revert`). A
 * commit takes what is pending in `content/` (the save's own files, and whatever an earlier save
 * could not commit), never a file outside it.
 *
 * What must stay true: the save is honest. When the commit fails (disk full, a broken
 * repository) the written files stay (the site's files are the truth), but the save is NOT
 * reported done: it throws UnrecordedSave (the studio answers its French sentence, not 200), the
 * studio's publication status says so (`unrecordedProblem`) until a later commit succeeds, and
 * that next commit takes what was left.
 */
import { execFile } from "node:child_process"
import path from "node:path"
import { promisify } from "node:util"

const run = promisify(execFile)

/** Site folder → git's last lines, while a save there is written but not committed. */
const unrecorded = new Map<string, readonly string[]>()

/** A save written to `content/`, wholly or in part, but not committed (and so not published). */
export class UnrecordedSave extends Error {
  constructor(
    readonly written: "all" | "part",
    readonly details: readonly string[],
  ) {
    super(
      written === "all"
        ? "Modification écrite sur le serveur, mais ni inscrite dans l'historique ni publiée : le serveur n'a pas pu l'enregistrer dans git (disque plein ?). Rien n'est perdu : le prochain enregistrement l'inscrira et la publiera ; si cela se répète, prévenez la personne qui gère le serveur."
        : "Modification écrite en partie seulement sur le serveur, ni inscrite dans l'historique ni publiée (disque plein ?) : vérifiez l'entrée et enregistrez-la de nouveau ; si cela se répète, prévenez la personne qui gère le serveur.",
    )
  }
}

/** Git's or the system's last words, a few lines, for the status's details. */
function lastLines(error: unknown): string[] {
  const text = String((error as { stderr?: unknown }).stderr || (error as Error).message || error)
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(-4)
}

/** Records that a save in `siteDir` is written (`written`) but not committed; returns the error to throw. */
export function markUnrecorded(siteDir: string, written: UnrecordedSave["written"], error: unknown): UnrecordedSave {
  const details = lastLines(error)
  unrecorded.set(siteDir, details)
  console.error(`studio : modification écrite (${written === "all" ? "entière" : "en partie"}) mais pas inscrite dans l'historique`, error)
  return new UnrecordedSave(written, details)
}

/** Why the latest saves of `siteDir` are not in its history (git's last lines), or null when they are. */
export function unrecordedProblem(siteDir: string): readonly string[] | null {
  return unrecorded.get(siteDir) ?? null
}

async function repositoryOf(siteDir: string): Promise<string | null> {
  try {
    return (await run("git", ["-C", siteDir, "rev-parse", "--show-toplevel"])).stdout.trim() || null
  } catch {
    return null
  }
}

/**
 * Commits everything pending in `<siteDir>/content/` with `message`, authored by `email`; returns
 * whether a commit was made (none outside a repository or with nothing pending). Throws
 * UnrecordedSave when git fails.
 */
export async function commitSave(siteDir: string, email: string, message: string): Promise<boolean> {
  const repository = await repositoryOf(siteDir)
  if (!repository) return false
  const content = path.relative(repository, path.join(siteDir, "content")) || "."
  const identity = ["-c", `user.name=${email}`, "-c", `user.email=${email}`]
  try {
    await run("git", ["-C", repository, "add", "--all", "--", content])
    const staged = await run("git", ["-C", repository, "diff", "--cached", "--name-only", "--", content])
    if (staged.stdout.trim()) {
      await run("git", ["-C", repository, ...identity, "commit", "--quiet", `--author=${email} <${email}>`, "-m", message, "--", content])
    }
    unrecorded.delete(siteDir)
    return Boolean(staged.stdout.trim())
  } catch (error) {
    throw markUnrecorded(siteDir, "all", error)
  }
}
