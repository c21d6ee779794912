/**
 * Two fields of the studio, drawn with Decap's own React (window.h / window.createClass):
 * - `decimal`: a number typed the French way or not (« 12,50 », « 12.50 », « 12,5 € »), stored as a
 *   number (12.5). Decap's number field is an <input type="number">, which a Chromium without
 *   French locale turned from « 12,50 » into 1250; this one is a text field with a decimal
 *   keypad on phones, read by normalize.ts's parseDecimal, with a French error for anything else.
 * - `item_number`: a list entry's number, shown and never typed: a new entry gets the next free
 *   one (normalize.ts's nextNumber) as soon as it appears; the server and the browser's check
 *   number any entry that still has none (normalizeContent).
 */
import { nextNumber, parseDecimal, type Json } from "../../build-steps/content/normalize"
import type { ControlProps, DecapWindow, Immutable, ValidationResult } from "./decap"

/** 12.5 → « 12,5 »: how a French owner reads and types a decimal; a text is shown as typed. */
export function frenchDecimal(value: unknown): string {
  if (typeof value === "number") return String(value).replace(".", ",")
  return typeof value === "string" ? value : ""
}

export type DecimalLimits = { label: string; min?: number; max?: number }

/** The French reason `text` cannot be the field's number, or null (an empty field is Decap's « requis » business). */
export function decimalProblem(text: string, { label, min, max }: DecimalLimits): string | null {
  if (text.trim() === "") return null
  const number = parseDecimal(text)
  if (number === null) return `Le champ ${label} attend un nombre, par exemple 12,50 (reçu « ${text.trim()} »).`
  const tooLow = min !== undefined && number < min
  const tooHigh = max !== undefined && number > max
  if (!tooLow && !tooHigh) return null
  if (min !== undefined && max !== undefined) return `Le champ ${label} doit être compris entre ${frenchDecimal(min)} et ${frenchDecimal(max)}.`
  return tooLow ? `Le champ ${label} doit valoir ${frenchDecimal(min)} ou plus.` : `Le champ ${label} doit valoir ${frenchDecimal(max)} ou moins.`
}

const isMissing = (id: unknown) => id === undefined || id === null || id === ""

/** The first list of `data` with an entry that has no number yet (a new entry), or null. */
export function listAwaitingNumber(data: unknown): Json[] | null {
  if (Array.isArray(data)) {
    if (data.some((entry) => entry !== null && typeof entry === "object" && !Array.isArray(entry) && isMissing((entry as { id?: unknown }).id)))
      return data as Json[]
  }
  if (data === null || typeof data !== "object") return null
  for (const child of Object.values(data)) {
    const list = listAwaitingNumber(child)
    if (list) return list
  }
  return null
}

type Control<State> = { props: ControlProps; state: State; setState(state: State): void }

function limitsOf(field: Immutable): DecimalLimits {
  const number = (key: string) => (typeof field.get(key) === "number" ? (field.get(key) as number) : undefined)
  return { label: String(field.get("label") ?? field.get("name")), min: number("min"), max: number("max") }
}

export function registerWidgets(decap: DecapWindow): void {
  const { h } = decap
  const decimal = decap.createClass({
    getInitialState(this: Control<{ text: string }>) {
      return { text: frenchDecimal(this.props.value) }
    },
    componentDidUpdate(this: Control<{ text: string }>, previous: ControlProps) {
      // The entry changed elsewhere (loaded again, restored): show its value.
      const { value } = this.props
      if (value !== previous.value && parseDecimal(this.state.text) !== value) this.setState({ text: frenchDecimal(value) })
    },
    handleChange(this: Control<{ text: string }>, event: { target: { value: string } }) {
      const text = event.target.value
      this.setState({ text })
      const number = parseDecimal(text)
      // A text that is not (yet) a number is kept as typed: the entry then has a change to publish,
      // and publishing it is refused with isValid's sentence under the field (nothing typed is
      // silently replaced by the last number; the preview shows no price for it).
      this.props.onChange(number ?? (text.trim() === "" ? "" : text))
    },
    handleBlur(this: Control<{ text: string }>) {
      this.props.setInactiveStyle()
      const number = parseDecimal(this.state.text)
      if (number !== null) this.setState({ text: frenchDecimal(number) })
    },
    // What Decap's « requis » check reads: the text as typed. A word typed into an emptied field
    // (« quarante ») is then named once, by isValid, and not also called missing.
    getValidateValue(this: Control<{ text: string }>): string {
      return this.state.text.trim()
    },
    isValid(this: Control<{ text: string }>): ValidationResult {
      const problem = decimalProblem(this.state.text, limitsOf(this.props.field))
      return problem ? { error: { type: "CUSTOM", message: problem } } : true
    },
    render(this: Control<{ text: string }> & { handleChange(): void; handleBlur(): void }) {
      const { forID, classNameWrapper, setActiveStyle } = this.props
      return h("input", {
        type: "text",
        inputMode: "decimal",
        autoComplete: "off",
        id: forID,
        className: classNameWrapper,
        value: this.state.text,
        onChange: this.handleChange,
        onFocus: setActiveStyle,
        onBlur: this.handleBlur,
      })
    },
  })

  const itemNumber = decap.createClass({
    componentDidMount(this: Control<object> & { assign(): void }) {
      this.assign()
    },
    componentDidUpdate(this: Control<object> & { assign(): void }) {
      this.assign()
    },
    assign(this: Control<object>) {
      if (typeof this.props.value === "number") return
      const list = listAwaitingNumber((this.props.getEntry().get("data") as Immutable | undefined)?.toJS())
      if (list) this.props.onChange(nextNumber(list))
    },
    render(this: Control<object>) {
      const { forID, classNameWrapper, value } = this.props
      return h("input", { type: "text", readOnly: true, id: forID, className: classNameWrapper, value: typeof value === "number" ? String(value) : "" })
    },
  })

  const preview = (props: { value: unknown }) => h("span", null, frenchDecimal(props.value))
  decap.CMS.registerWidget("decimal", decimal, preview)
  decap.CMS.registerWidget("item_number", itemNumber, preview)
}
