/**
 * `npm run check:content`: the build's content validation, without building.
 * `npm run check:content -- /tmp/copie/content` checks another folder (the admin's e2e test).
 * Fields still holding « [À COMPLÉTER : …] » and photos no content names are listed as warnings
 * (exit code 0).
 */
import path from "node:path"
import { orphanPhotoWarnings, orphansText } from "../build-steps/content/orphans"
import { placeholdersText, placeholderWarnings } from "../build-steps/content/placeholders"
import { problemsText } from "../build-steps/content/report"
import { validateContent } from "../build-steps/content/validate"

async function main(): Promise<void> {
  const contentDir = path.resolve(process.argv[2] ?? path.join(__dirname, "..", "content"))
  // Placeholders warn, never fail: the site builds with them, the owner sees what is left to write.
  const placeholders = placeholderWarnings(contentDir)
  if (placeholders.length > 0) console.warn(placeholdersText(placeholders))
  const orphans = orphanPhotoWarnings(contentDir)
  if (orphans.length > 0) console.warn(orphansText(orphans))
  const problems = await validateContent(contentDir)
  if (problems.length > 0) {
    console.error(problemsText(problems))
    process.exit(1)
  }
  console.log("Contenu valide : tous les fichiers de content/ respectent leur schéma.")
}

void main()
