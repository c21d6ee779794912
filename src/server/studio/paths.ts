/**
 * Every path the studio names is confined here before any file is opened (docs/studio.md#the-proxy-backend):
 * Decap speaks of paths relative to the site folder (`content/sold-items.json`,
 * `content/images/items/x.jpg`). Accepted: the content files the build reads and photos under
 * content/images/. Refused with a 4xx: absolute paths, `..`, backslashes, NUL, other folders or
 * extensions, and any symbolic link on the way (a link could lead out of content/).
 */
import fs from "node:fs"
import path from "node:path"
import { CONTENT_FILES } from "../../../build-steps/content/validate"

export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

export const PHOTO_EXTENSIONS = [".jpg", ".jpeg", ".png", ".webp", ".avif"]
const DATA_FILES = new Set(CONTENT_FILES.map((name) => `content/${name}.json`))

/** What a path must name: a content file, a photo, or a folder of photos. */
export type PathKind = "data" | "photo" | "photoFolder"

function refuse(shown: string, why: string): never {
  throw new Refusal(400, "path_refused", `Chemin refusé (${shown.slice(0, 120)}) : ${why}.`)
}

/** The absolute path of `relative` inside `siteDir`, once it passes every rule above. */
export function confine(siteDir: string, relative: unknown, kind: PathKind): string {
  if (typeof relative !== "string" || relative === "") refuse(String(relative), "chemin absent")
  if (/[\0\\]/.test(relative) || relative.startsWith("/") || /^[a-z]:/i.test(relative)) refuse(relative, "chemin absolu ou caractère interdit")
  const segments = relative.replace(/\/+$/, "").split("/")
  if (segments.some((segment) => segment === "" || segment === "." || segment === "..")) refuse(relative, "« .. », « . » ou « // » interdits")
  const clean = segments.join("/")
  const allowed =
    kind === "data"
      ? DATA_FILES.has(clean)
      : kind === "photoFolder"
        ? clean === "content/images" || clean.startsWith("content/images/")
        : clean.startsWith("content/images/") && PHOTO_EXTENSIONS.includes(path.extname(clean).toLowerCase())
  if (!allowed)
    refuse(
      relative,
      kind === "data" ? "ce n'est pas un fichier de contenu du site" : "seules les photos JPEG, PNG, WebP ou AVIF de content/images/ sont permises",
    )
  // No link anywhere from the site folder down: each existing step must be a plain folder or file.
  let walked = siteDir
  for (const segment of segments) {
    walked = path.join(walked, segment)
    const stat = fs.lstatSync(walked, { throwIfNoEntry: false })
    if (!stat) break
    if (stat.isSymbolicLink()) refuse(relative, "lien symbolique")
  }
  return path.join(siteDir, ...segments)
}
