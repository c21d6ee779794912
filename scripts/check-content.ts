/** `npm run check:content`: the build's content validation, without building. */
import path from "node:path"
import { validateContent } from "../src/content/validate"

const problems = validateContent(path.resolve(__dirname, "..", "content"))
if (problems.length > 0) {
  console.error(`Contenu invalide (${problems.length} problème(s)) :`)
  for (const line of problems) console.error(`  - ${line}`)
  process.exit(1)
}
console.log("Contenu valide : tous les fichiers de content/ respectent leur schéma.")
