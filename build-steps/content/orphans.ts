/**
 * Photos of content/images/ that no content file names any more: a deleted item's photo, an
 * upload never used. They are harmless to the site (the build only reads what content names), so
 * like the placeholders (placeholders.ts) they never fail the build: `npm run check:content` and
 * the build name each one, so the owner can delete it in the studio's media library (or use it).
 */
import fs from "node:fs"
import path from "node:path"
import { readJsonFile } from "./json-file"
import { pathsNamedIn } from "./paths"
import { CONTENT_FILES } from "./rules"
import { SITE_ICON } from "./site-config"

/** One French line per file of `<contentDir>/images/` that no content file names (files that cannot be read are the validator's business). */
export function orphanPhotoWarnings(contentDir: string, label = "content"): string[] {
  const folder = path.join(contentDir, "images")
  if (!fs.existsSync(folder)) return []
  const named = new Set([path.posix.relative("content", SITE_ICON)])
  for (const name of CONTENT_FILES) pathsNamedIn(readJsonFile(path.join(contentDir, `${name}.json`), `${label}/${name}.json`).data, named)
  return fs
    .readdirSync(folder, { recursive: true, encoding: "utf8" })
    .map((file) => `images/${file.split(path.sep).join("/")}`)
    .filter((file) => !path.posix.basename(file).startsWith(".") && fs.statSync(path.join(contentDir, file)).isFile() && !named.has(file))
    .sort()
    .map((file) => `${label}/${file} : photo qu'aucun contenu n'utilise (supprimez-la dans le studio, onglet Médias, ou choisissez-la pour un article)`)
}

/** `Photos inutilisées (2) :` then one indented line per photo. */
export function orphansText(warnings: ReadonlyArray<string>): string {
  return [`Photos inutilisées (${warnings.length}) :`, ...warnings.map((line) => `  - ${line}`)].join("\n")
}
