/**
 * One schema per form (ajv): what a route's posted body may hold, checked before any step reads
 * it. Every field is one text (a field sent twice arrives as a list, a forged post), bounded; a
 * field the form does not have is refused.
 *
 * What must stay true: the schema refuses only what no page of the site can post (the pages'
 * forms are the lists given here); each step keeps its own French messages for what a person
 * can type or choose wrong (a missing name, a text over its limit, an impossible date, a value
 * outside a list, checked as an own key: src/contract/own-keys.ts), so the refusal here is the
 * forged form's one sentence, « Formulaire illisible ».
 */
import Ajv, { type ValidateFunction } from "ajv"

/**
 * The longest text any field may hold: four times the longest field's own limit (the inbox's note,
 * 5,000), so that a person who typed too much gets the step's French « N caractères : 5000 au
 * plus » with the text kept, and only a forged post meets this one.
 */
export const FIELD_CAP = 20_000

/** A form's fields: each name, and names by a pattern (`^montant_\d{1,2}$`), each any text up to FIELD_CAP. */
export type FormSpec = {
  readonly fields: readonly string[]
  /** Fields named by a pattern: one group per garment. */
  readonly patterns?: readonly string[]
  /** A longer cap for a field that carries a whole form (the login's kept entry: ../studio/kept-form.ts). */
  readonly caps?: Readonly<Record<string, number>>
}

const ajv = new Ajv({ strict: true, allErrors: false })
const compiled = new Map<string, ValidateFunction>()

const FIELD = { type: "string", maxLength: FIELD_CAP } as const

function validatorOf(spec: FormSpec): ValidateFunction {
  const key = JSON.stringify(spec)
  let validate = compiled.get(key)
  if (!validate) {
    validate = ajv.compile({
      type: "object",
      additionalProperties: false,
      properties: Object.fromEntries(spec.fields.map((name) => [name, spec.caps?.[name] ? { type: "string", maxLength: spec.caps[name] } : FIELD])),
      patternProperties: Object.fromEntries((spec.patterns ?? []).map((pattern) => [pattern, FIELD])),
    })
    compiled.set(key, validate)
  }
  return validate
}

/** Whether `body` holds to the form's schema: only its fields, each one text, bounded. */
export function holdsToForm(body: unknown, spec: FormSpec): body is Record<string, string> {
  return typeof body === "object" && body !== null && validatorOf(spec)(body)
}

/** Every query parameter of every route: one text, bounded (a parameter repeated, `?q=a&q=b`, arrives as a list). */
const validateQuery = ajv.compile({ type: "object", additionalProperties: { type: "string", maxLength: FIELD_CAP } })

/** Whether an address's parameters hold to the one schema every route reads them through. */
export const holdsToQuery = (query: unknown): boolean => validateQuery(query)

export const UNREADABLE_ADDRESS = "Adresse illisible : ouvrez le lien tel qu'il a été donné, ou revenez à la page précédente."
