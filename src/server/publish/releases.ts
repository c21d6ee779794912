/**
 * Releases: each successful build copied out of the workspace into a folder of its own,
 * STUDIO_PUBLISH_DIR/releases/<id>/ with `public/` (the files served), `functions/` (the
 * compiled Gatsby Functions, which carry the content the chat answers from) and `release.json`.
 *
 * What must stay true:
 * - A release is never written while served: the next build writes the workspace, and a new
 *   release appears whole, by one rename of its finished folder (a crash leaves a `.partial`
 *   folder, removed by the next prune).
 * - The two newest releases are kept: the one served and the one before, whose files still
 *   answer visitors whose page came from it (src/server/host/served.ts); older ones are removed.
 */
import fs from "node:fs"
import { cp, mkdir, rename, rm, writeFile } from "node:fs/promises"
import path from "node:path"
import { clock } from "../clock"

export type Release = {
  readonly id: string
  readonly publicDir: string
  readonly functionsDir: string
  /** When the build finished. */
  readonly builtAt: Date
  /** When the workspace's content was read for it. */
  readonly contentAt: Date
}

const PARTIAL = ".partial"
const KEPT = 2

/** Sortable by time: 20261125-104212-345. */
function releaseId(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace("T", "-")
    .replace(/\.(\d+)Z$/, "-$1")
}

function readRelease(releasesDir: string, id: string): Release | null {
  const dir = path.join(releasesDir, id)
  try {
    const meta = JSON.parse(fs.readFileSync(path.join(dir, "release.json"), "utf8")) as { builtAt: string; contentAt: string }
    return {
      id,
      publicDir: path.join(dir, "public"),
      functionsDir: path.join(dir, "functions"),
      builtAt: new Date(meta.builtAt),
      contentAt: new Date(meta.contentAt),
    }
  } catch {
    return null
  }
}

/** The newest whole release, or null. */
export function latestRelease(releasesDir: string): Release | null {
  const ids = fs.existsSync(releasesDir) ? fs.readdirSync(releasesDir).filter((name) => !name.endsWith(PARTIAL)) : []
  for (const id of ids.sort().reverse()) {
    const release = readRelease(releasesDir, id)
    if (release) return release
  }
  return null
}

/**
 * Copies the workspace's build into a new release; throws when the build lacks what the server
 * needs (its pages, its `_headers`, its functions' manifest).
 */
export async function makeRelease(workspace: string, releasesDir: string, contentAt: Date, now = clock.now()): Promise<Release> {
  const built = { public: path.join(workspace, "public"), functions: path.join(workspace, ".cache", "functions") }
  for (const file of [path.join(built.public, "index.html"), path.join(built.public, "_headers"), path.join(built.functions, "manifest.json")]) {
    if (!fs.existsSync(file)) throw new Error(`la construction n'a pas produit ${path.relative(workspace, file)}`)
  }
  const id = releaseId(now)
  const partial = path.join(releasesDir, `${id}${PARTIAL}`)
  await rm(partial, { recursive: true, force: true })
  await mkdir(partial, { recursive: true })
  await cp(built.public, path.join(partial, "public"), { recursive: true, preserveTimestamps: true })
  await cp(built.functions, path.join(partial, "functions"), { recursive: true, preserveTimestamps: true })
  await writeFile(path.join(partial, "release.json"), `${JSON.stringify({ builtAt: now.toISOString(), contentAt: contentAt.toISOString() }, null, 2)}\n`)
  await rename(partial, path.join(releasesDir, id))
  const release = readRelease(releasesDir, id)
  if (!release) throw new Error(`release ${id} illisible`)
  return release
}

/** Removes every release but the KEPT newest, and any unfinished one. */
export async function pruneReleases(releasesDir: string): Promise<void> {
  if (!fs.existsSync(releasesDir)) return
  const names = fs.readdirSync(releasesDir)
  const kept = new Set(
    names
      .filter((name) => !name.endsWith(PARTIAL))
      .sort()
      .slice(-KEPT),
  )
  for (const name of names) if (!kept.has(name)) await rm(path.join(releasesDir, name), { recursive: true, force: true })
}

/** Removes one release (a build that could not be served). */
export async function dropRelease(releasesDir: string, release: Release): Promise<void> {
  await rm(path.join(releasesDir, release.id), { recursive: true, force: true })
}
