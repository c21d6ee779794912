/**
 * @jest-environment node
 *
 * Photos of content/images/ no content file names (a deleted item's photo): a warning from
 * `npm run check:content` and the build, never a failure (build-steps/content/orphans.ts).
 */
import { execFile } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { promisify } from "node:util"
import { orphanPhotoWarnings } from "../build-steps/content/orphans"
import { CONTENT, copyOfContent, edit, type List } from "./helpers/content-copy"

const ROOT = path.resolve(__dirname, "..")

test("the shipped content names every photo (the site's icon is gatsby-config's)", () => {
  expect(orphanPhotoWarnings(CONTENT)).toEqual([])
})

test("a deleted item's photo and an upload never used are named, with what to do", () => {
  const dir = copyOfContent()
  edit<List>(dir, "sold-items.json", (list) => void list.items.splice(1, 1))
  fs.copyFileSync(path.join(dir, "images/items/01-lacoste-polo-blanc.jpg"), path.join(dir, "images/shops/jamais-utilisee.jpg"))
  expect(orphanPhotoWarnings(dir)).toEqual([
    "content/images/items/02-ralph-lauren-polo-marine.jpg : photo qu'aucun contenu n'utilise (supprimez-la dans le studio, onglet Médias, ou choisissez-la pour un article)",
    "content/images/shops/jamais-utilisee.jpg : photo qu'aucun contenu n'utilise (supprimez-la dans le studio, onglet Médias, ou choisissez-la pour un article)",
  ])
})

test("npm run check:content prints them but succeeds", async () => {
  const dir = copyOfContent()
  edit<List>(dir, "sold-items.json", (list) => void list.items.splice(1, 1))
  const { stdout, stderr } = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/check-content.ts", dir], { cwd: ROOT })
  expect(stderr).toContain("Photos inutilisées (1) :\n  - content/images/items/02-ralph-lauren-polo-marine.jpg : photo qu'aucun contenu n'utilise")
  expect(stdout).toContain("Contenu valide")
}, 60_000)
