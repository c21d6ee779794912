/**
 * Validates every file of `content/` (rules.ts: schemas in `content/schemas/`, the rules between
 * files, the photos) read from disk, and returns one French entry per problem:
 * `content/fichier.json › chemin : problème` (syntax errors add the line quoted under a caret).
 *
 * Used by gatsby-node (before GraphQL runs, and again on every content change in develop), by
 * `npm run check:content`, by the studio's saves on the site's own server and by the admin's
 * tests: one check, everywhere (the studio's browser check runs rules.ts too).
 */
import fs from "node:fs"
import path from "node:path"
import { readJsonFile } from "./json-file"
import { photoProblem } from "./photos"
import { contentProblems, type ContentReader } from "./rules"

export { isWebAddress } from "./paths"
export { CONTENT_FILES } from "./rules"

/** The content of `contentDir` as the rules read it; `label` prefixes file names in messages (`content/site.json`). */
export function diskReader(contentDir: string, label = "content"): ContentReader {
  return {
    label,
    schema: (name) => readJsonFile(path.join(contentDir, "schemas", `${name}.schema.json`), `${label}/schemas/${name}.schema.json`),
    content: (name) => readJsonFile(path.join(contentDir, `${name}.json`), `${label}/${name}.json`),
    existing: async (paths) => new Set(paths.filter((relative) => fs.statSync(path.join(contentDir, relative), { throwIfNoEntry: false })?.isFile())),
    photoProblem: (relative, shownAs, rule) => photoProblem(path.join(contentDir, relative), shownAs, rule),
  }
}

/** Returns the list of problems found in `contentDir` (empty when everything is valid). */
export function validateContent(contentDir: string, label = "content"): Promise<string[]> {
  return contentProblems(diskReader(contentDir, label))
}
