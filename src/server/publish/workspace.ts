/**
 * The folder the republication builds in (STUDIO_PUBLISH_DIR/workspace): a copy of the project's
 * code with the studio's content/ beside it, so `gatsby build` there reads exactly what the
 * studio saved (wherever STUDIO_SITE_DIR points) and writes its own public/ and .cache/, never
 * the project's (a developer's `npm run build` and the served files stay untouched).
 *
 * What must stay true:
 * - Copies keep their modification times and the workspace keeps its .cache/ and public/
 *   between builds: gatsby and webpack then find their caches valid (a warm build), and only
 *   the content that changed is rebuilt.
 * - Code is copied, not linked: webpack resolves links to their real path, and the functions'
 *   `import "../../content/…"` (src/server/content.ts) would then bundle the project's content
 *   instead of the studio's. Only node_modules is a link (read, never written by a build).
 */
import fs from "node:fs"
import { cp, lstat, readlink, rm, symlink } from "node:fs/promises"
import path from "node:path"

/** Everything `gatsby build` reads from the project but content/ (gatsby-config, gatsby-node and what they import). */
export const PROJECT_SOURCES = [
  "package.json",
  "tsconfig.json",
  "gatsby-config.ts",
  "gatsby-node.ts",
  "gatsby-browser.tsx",
  "gatsby-ssr.tsx",
  "src",
  "build-steps",
  "static",
] as const

/** `to` becomes a copy of `from` (modification times kept); removed when `from` does not exist. */
async function mirror(from: string, to: string): Promise<void> {
  await rm(to, { recursive: true, force: true })
  if (fs.existsSync(from)) await cp(from, to, { recursive: true, preserveTimestamps: true })
}

/** Makes `workspace` the project's code with `contentDir` as its content/. */
export async function prepareWorkspace(projectDir: string, contentDir: string, workspace: string): Promise<void> {
  fs.mkdirSync(workspace, { recursive: true })
  for (const entry of PROJECT_SOURCES) await mirror(path.join(projectDir, entry), path.join(workspace, entry))
  await mirror(contentDir, path.join(workspace, "content"))
  const modules = path.join(workspace, "node_modules")
  const target = path.join(projectDir, "node_modules")
  const linked = await lstat(modules).then(
    (stats) => stats.isSymbolicLink() && readlink(modules).then((to) => to === target),
    () => false,
  )
  if (linked) return
  await rm(modules, { recursive: true, force: true })
  await symlink(target, modules, "dir")
}

/**
 * The newest modification time in `contentDir`, files and folders (a deletion changes its
 * folder's), to the millisecond like the dates it is compared with; null when empty or absent.
 */
export function newestChange(contentDir: string): Date | null {
  let newest = 0
  const entries = fs.existsSync(contentDir) ? fs.readdirSync(contentDir, { recursive: true, encoding: "utf8" }) : []
  for (const entry of entries) newest = Math.max(newest, fs.statSync(path.join(contentDir, entry), { throwIfNoEntry: false })?.mtimeMs ?? 0)
  return newest > 0 ? new Date(Math.floor(newest)) : null
}
