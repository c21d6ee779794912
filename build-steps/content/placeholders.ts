/**
 * The texts shipped to be filled in before going live, marked « [À COMPLÉTER : …] » (the legal
 * pages' SIRET, host, contact…). They are valid content, so they never fail the build; but
 * `npm run check:content` and the build name each one that remains, file and field, so the
 * owner knows what is left to write.
 */
import path from "node:path"
import { readJsonFile } from "./json-file"
import { formatPointer } from "./messages"
import { CONTENT_FILES } from "./validate"

const PLACEHOLDER = /\[À COMPLÉTER[^\]]*\]/g

type Placeholder = { pointer: string; text: string }

/** A placeholder found in a content file: `file` its name without `.json` (`legal`), `pointer` its field (`/publisher/name`). */
export type FoundPlaceholder = Placeholder & { file: string }

function placeholdersIn(data: unknown, pointer: string, found: Placeholder[]): void {
  if (typeof data === "string") {
    for (const [text] of data.matchAll(PLACEHOLDER)) found.push({ pointer, text })
  } else if (data !== null && typeof data === "object") {
    for (const [key, child] of Object.entries(data)) placeholdersIn(child, `${pointer}/${key}`, found)
  }
}

/**
 * Every placeholder left in the content files, in file order (files that cannot be read are the
 * validator's business). The build, `npm run check:content` and the go-live checklist
 * (src/server/golive/) all read this one list.
 */
export function findPlaceholders(contentDir: string): FoundPlaceholder[] {
  return CONTENT_FILES.flatMap((file) => {
    const content = readJsonFile(path.join(contentDir, `${file}.json`), `content/${file}.json`)
    if (content.problem !== undefined) return []
    const found: Placeholder[] = []
    placeholdersIn(content.data, "", found)
    return found.map((placeholder) => ({ file, ...placeholder }))
  })
}

/** One French line per field still holding a placeholder. */
export function placeholderWarnings(contentDir: string, label = "content"): string[] {
  return findPlaceholders(contentDir).map(
    ({ file, pointer, text }) => `${label}/${file}.json › ${formatPointer(pointer)} : à compléter avant la mise en ligne (« ${text} »)`,
  )
}

/** `À compléter (3 champ(s)) :` then one indented line per field. */
export function placeholdersText(warnings: ReadonlyArray<string>): string {
  return [`À compléter (${warnings.length} champ(s)) :`, ...warnings.map((line) => `  - ${line}`)].join("\n")
}
