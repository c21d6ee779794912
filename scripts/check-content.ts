/**
 * `npm run check:content`: the build's content validation, without building.
 * `npm run check:content -- /tmp/copie/content` checks another folder (the admin's e2e test).
 */
import path from "node:path"
import { problemsText } from "../build-steps/content/report"
import { validateContent } from "../build-steps/content/validate"

async function main(): Promise<void> {
  const problems = await validateContent(path.resolve(process.argv[2] ?? path.join(__dirname, "..", "content")))
  if (problems.length > 0) {
    console.error(problemsText(problems))
    process.exit(1)
  }
  console.log("Contenu valide : tous les fichiers de content/ respectent leur schéma.")
}

void main()
