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
import { copyFile, lstat, mkdir, readdir, readlink, rm, stat, symlink, utimes } from "node:fs/promises"
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

/** The same file as far as a build can tell: its size and its modification time to the millisecond (what a copy keeps). */
const sameFile = (a: fs.Stats, b: fs.Stats) => a.size === b.size && Math.floor(a.mtimeMs) === Math.floor(b.mtimeMs)

/**
 * `to` becomes a copy of `from` (modification times kept; removed when `from` does not exist),
 * touching only what differs: a file unchanged since the last copy keeps its inode. That must stay
 * true: gatsby-source-filesystem caches each file's hash under its modification time and inode,
 * and gatsby-plugin-sharp names an image's output folder after that hash. Copied afresh at every
 * publication, the files got new inodes, an inode freed by one copy was given to another photo
 * with the same modification time (a checkout or a copy writes many in the same millisecond),
 * and the cache answered with the other photo's hash: the next build re-encoded up to 42 of its
 * 66 image jobs into new folders (28 s of a 46 s warm build).
 */
async function mirror(from: string, to: string): Promise<void> {
  const source = await stat(from).catch(() => null)
  const target = await lstat(to).catch(() => null)
  if (!source) {
    if (target) await rm(to, { recursive: true, force: true })
    return
  }
  if (source.isDirectory()) {
    if (target && !target.isDirectory()) await rm(to, { recursive: true, force: true })
    if (!target?.isDirectory()) await mkdir(to)
    const names = new Set(await readdir(from))
    for (const name of await readdir(to)) if (!names.has(name)) await rm(path.join(to, name), { recursive: true, force: true })
    for (const name of names) await mirror(path.join(from, name), path.join(to, name))
    return
  }
  if (target?.isFile() && sameFile(source, target)) return
  if (target && !target.isFile()) await rm(to, { recursive: true, force: true })
  await copyFile(from, to)
  await utimes(to, source.atime, source.mtime)
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
