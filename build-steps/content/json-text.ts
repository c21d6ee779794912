/**
 * A content file's text made into data, or the French reason it cannot be, with the line, the
 * column and the line itself quoted under a caret:
 *
 *   content/news.json, ligne 3, colonne 16 : virgule en trop après le dernier élément (supprimez-la)
 *       3 |   { "id": "a", }
 *         |                ^
 *
 * Pure (no file system): the build reads the file (json-file.ts), the studio's browser check
 * reads it from the git host (src/admin-rules/), and both get the same verdict from here. Only
 * the first syntax error is reported: the following ones are its echoes.
 */
import { parse, type ParseError } from "jsonc-parser"

export type JsonRead = { data: unknown; problem?: undefined } | { data?: undefined; problem: string }

const NO_BREAK_SPACES = /[\u00a0\u202f\u2007]/
const SMART_QUOTES = /[\u201c\u201d\u201e\u00ab\u00bb\u2018\u2019]/

/** 1-based line and column of `offset`, and the text of that line. */
export function locate(text: string, offset: number): { line: number; column: number; lineText: string } {
  const before = text.slice(0, offset)
  const line = before.split("\n").length
  const lineStart = before.lastIndexOf("\n") + 1
  const lineEnd = text.indexOf("\n", lineStart)
  const lineText = text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd).replace(/\r$/, "")
  return { line, column: offset - lineStart + 1, lineText }
}

/** `ligne 3, colonne 16 : message` followed by the quoted line and a caret under the column. */
export function pointAt(label: string, text: string, offset: number, message: string): string {
  const { line, column, lineText } = locate(text, offset)
  const gutter = String(line)
  // Tabs stay tabs under the caret so it lines up in any terminal.
  const pad = lineText.slice(0, column - 1).replace(/[^\t]/g, " ")
  return [
    `${label}, ligne ${line}, colonne ${column} : ${message}`,
    `    ${gutter} | ${lineText}`,
    `    ${" ".repeat(gutter.length)} | ${pad}^`,
  ].join("\n")
}

function previousSignificant(text: string, offset: number): string {
  for (let index = offset - 1; index >= 0; index -= 1) if (!/\s/.test(text[index]!)) return text[index]!
  return ""
}

/** One French sentence per jsonc-parser error code, refined by the character found there. */
function explain(error: ParseError, text: string): { offset: number; message: string } {
  const at = text[error.offset] ?? ""
  const found = text.slice(error.offset, error.offset + Math.max(error.length, 1))
  const offset = error.offset
  if (NO_BREAK_SPACES.test(at)) {
    return { offset, message: "espace insécable (souvent copiée depuis Word) : remplacez-la par une espace normale" }
  }
  if (SMART_QUOTES.test(at)) {
    return { offset, message: `guillemet typographique ${at} : les textes et les noms de champs s'écrivent entre guillemets droits "…"` }
  }
  switch (error.error) {
    case 3: // PropertyNameExpected
    case 4: // ValueExpected
      if (previousSignificant(text, offset) === "," && (at === "}" || at === "]")) {
        return { offset: text.lastIndexOf(",", offset), message: "virgule en trop après le dernier élément (supprimez-la)" }
      }
      if (error.error === 3) return { offset, message: `nom de champ attendu entre guillemets droits, trouvé « ${found} »` }
      return { offset, message: at ? `valeur attendue (texte entre guillemets, nombre, true, false, [ … ] ou { … }), trouvé « ${found} »` : "le fichier s'arrête avant la fin : une valeur manque" }
    case 5: // ColonExpected
      return { offset, message: `deux-points « : » attendu entre le nom du champ et sa valeur, trouvé « ${found} »` }
    case 6: // CommaExpected
      if (at === "}" || at === "]") {
        return { offset, message: `« ${at} » inattendu : une accolade { ou un crochet [ ouvert plus haut n'est pas fermé par le bon signe` }
      }
      return { offset, message: "virgule manquante entre cet élément et le précédent (ajoutez « , » à la fin de la ligne d'avant)" }
    case 7: // CloseBraceExpected
      return { offset, message: "accolade fermante « } » manquante" }
    case 8: // CloseBracketExpected
      return { offset, message: "crochet fermant « ] » manquant" }
    case 9: // EndOfFileExpected
      return { offset, message: `texte en trop après la fin des données (« ${found} ») : une accolade ou un crochet fermant est peut-être en double` }
    case 10: // InvalidCommentToken
    case 11: // UnexpectedEndOfComment
      return { offset, message: "les commentaires (// ou /* */) ne sont pas permis dans un fichier JSON" }
    case 12: // UnexpectedEndOfString
      return { offset, message: "texte non fermé : un guillemet droit manque, ou un retour à la ligne (Entrée) coupe le texte (écrivez-le sur une seule ligne)" }
    case 16: // InvalidCharacter
      return { offset, message: "caractère de contrôle dans un texte (retour à la ligne ou tabulation ?) : écrivez le texte sur une seule ligne" }
    case 2: // InvalidNumberFormat
    case 13: // UnexpectedEndOfNumber
      return { offset, message: `nombre mal écrit « ${found} » : chiffres et point décimal seulement, par exemple 45.5` }
    case 14: // InvalidUnicode
    case 15: // InvalidEscapeCharacter
      return { offset, message: `barre oblique inversée \\ mal utilisée « ${found} » : écrivez \\\\ pour une barre, \\" pour un guillemet` }
    default: // 1 InvalidSymbol
      if (at === "'") return { offset, message: "apostrophe utilisée comme guillemet : les textes s'écrivent entre guillemets droits \"…\"" }
      return { offset, message: `caractère inattendu « ${found} »` }
  }
}

/** A content file the folder lacks. */
export function missingProblem(label: string): string {
  return `${label} : fichier manquant`
}

/** The BOM's refusal; json-file.ts sees it as bytes, a text from the git host as U+FEFF. */
export function bomProblem(label: string): string {
  return `${label} : le fichier commence par une marque invisible (BOM) ; réenregistrez-le en « UTF-8 sans BOM » (dans le Bloc-notes : Enregistrer sous › Codage : UTF-8)`
}

/** Parses `text` (already decoded); `label` is how editors know the file (`content/site.json`). */
export function parseJsonText(text: string, label: string): JsonRead {
  if (text.charCodeAt(0) === 0xfeff) return { problem: bomProblem(label) }
  const errors: ParseError[] = []
  const data: unknown = parse(text, errors, { allowTrailingComma: false, disallowComments: true, allowEmptyContent: false })
  const first = errors[0]
  if (first) {
    const { offset, message } = explain(first, text)
    return { problem: pointAt(label, text, offset, message) }
  }
  return { data }
}
