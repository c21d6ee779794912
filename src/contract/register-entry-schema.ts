/**
 * The JSON Schema of an entry of the register of purchases as it is handed to the register, before
 * its number, its moment and its chain (src/contract/buyback.ts RegisterEntry, without `number`,
 * `recorded_at`, `chain`, `previous_sha256`, `sha256`). src/server/register/entry-check.ts checks
 * every entry against it before it is signed: an entry is never written with a field missing, a
 * value outside its list (the identity document's type, the payment's method) or a text over the
 * form's limit, whichever step built it.
 *
 * What must stay true: the lists are the labels the register writes (ID_TYPES' and
 * PAYMENT_METHODS' values), the limits the forms' own (BUYBACK_LIMITS, CORRECTION_LIMITS).
 */
import { BUYBACK_LIMITS, ID_TYPES, PAYMENT_METHODS } from "./buyback"

const text = (maxLength: number, minLength = 0) => ({ type: "string", minLength, maxLength }) as const
const DAY = { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" } as const

export const REGISTER_ENTRY_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["request", "seller", "item", "provenance", "price_cents", "payment_method", "payment_date"],
  properties: {
    rectifies: { type: "integer", minimum: 1 },
    correction: text(BUYBACK_LIMITS.description, 1),
    request: { type: "string", pattern: "^\\d{8}-\\d{4}-[A-Z0-9]{6}$" },
    seller: {
      type: "object",
      additionalProperties: false,
      required: ["status", "surname", "first_names", "address", "id_type", "id_number", "id_date", "id_authority"],
      properties: {
        status: { const: "particulier" },
        surname: text(BUYBACK_LIMITS.surname, 1),
        first_names: text(BUYBACK_LIMITS.firstNames, 1),
        address: text(BUYBACK_LIMITS.address, 1),
        id_type: { enum: Object.values(ID_TYPES) },
        id_number: text(BUYBACK_LIMITS.idNumber, 1),
        id_date: DAY,
        id_authority: text(BUYBACK_LIMITS.idAuthority, 1),
      },
    },
    item: {
      type: "object",
      additionalProperties: false,
      required: ["index", "nature", "brand", "size", "colour", "marks", "condition", "description"],
      properties: {
        index: { type: "integer", minimum: 0, maximum: 99 },
        // Empty for a record written before receptions were per garment: its one garment is its description.
        nature: text(BUYBACK_LIMITS.nature),
        brand: text(BUYBACK_LIMITS.brand),
        size: text(BUYBACK_LIMITS.size),
        colour: text(BUYBACK_LIMITS.colour),
        marks: text(BUYBACK_LIMITS.description),
        condition: text(BUYBACK_LIMITS.condition),
        description: text(BUYBACK_LIMITS.description),
      },
    },
    provenance: text(300, 1),
    price_cents: { type: "integer", minimum: 0, maximum: 100_000_000 },
    payment_method: { enum: Object.values(PAYMENT_METHODS) },
    payment_date: DAY,
  },
} as const

/**
 * An entry as the register's folder holds it, read back (src/server/register/register.ts list()):
 * the entry as handed, with its number, moment and chain; extra fields allowed (an entry written
 * by an earlier version keeps what it had). An entry outside it (changed by hand: a list where a
 * text was, a date that is no date) is read as unreadable, like a cut file: the pages stop before
 * it and verify() says the register is altered.
 */
export const STORED_ENTRY_SCHEMA = {
  ...REGISTER_ENTRY_SCHEMA,
  additionalProperties: true,
  required: [...REGISTER_ENTRY_SCHEMA.required, "number", "recorded_at", "previous_sha256", "sha256"],
  properties: {
    ...REGISTER_ENTRY_SCHEMA.properties,
    number: { type: "integer", minimum: 1 },
    recorded_at: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?Z$" },
    chain: { const: "hmac-sha256" },
    previous_sha256: { type: "string", pattern: "^[0-9a-f]{64}$" },
    sha256: { type: "string", pattern: "^[0-9a-f]{64}$" },
    // Any text from a list: what an earlier version wrote (the label of its day); each page shows it as written.
    seller: {
      ...REGISTER_ENTRY_SCHEMA.properties.seller,
      properties: { ...REGISTER_ENTRY_SCHEMA.properties.seller.properties, id_type: { type: "string", maxLength: 100 } },
    },
    payment_method: { type: "string", maxLength: 100 },
  },
} as const
