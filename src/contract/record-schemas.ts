/**
 * The JSON Schemas of a request's files as the server reads them back (src/server/leads/records.ts):
 * lead.json, delivery.json and buyback.json (handling.json's, whose statuses are the inbox's, is
 * src/server/leads/records.ts's). Each field the pages read has its type,
 * each choice its list, each moment and day its form; extra fields are allowed (a file written by an
 * earlier version keeps what it had). A file outside its schema (changed by hand: a list where a
 * text was, a stage that is none, a day that is no day) makes the request « illisible »: the pages
 * say so in French and never render it half (issue 59: a status written into a page's markup).
 *
 * What must stay true: the lists are the contract's own (src/contract/buyback.ts); the schema of
 * buyback.json is checked after the record is upgraded (src/server/buyback/upgrade.ts).
 */
import { BUYBACK_STAGES, ID_TYPES, PAYMENT_METHODS, RECEPTION_VERDICTS, REJECTED_CHOICES } from "./buyback"

export const TEXT = { type: "string" } as const
export const MOMENT = { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}" } as const
const DAY = { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" } as const
const COUNT = { type: "integer", minimum: 0 } as const
const CENTS = { type: "integer", minimum: 0, maximum: 100_000_000 } as const
const texts = { type: "array", items: TEXT } as const
export const object = (properties: Record<string, unknown>, required: readonly string[] = []) => ({ type: "object", properties, required: [...required] })
const list = (items: unknown) => ({ type: "array", items })

const GARMENT_TEXTS = object({ brand: TEXT, category: TEXT, condition: TEXT, description: TEXT })

export const LEAD_SCHEMA = object(
  {
    id: { type: "string", pattern: "^\\d{8}-\\d{4}-[A-Z0-9]{6}$" },
    kind: { enum: ["estimate", "chat"] },
    created_at: MOMENT,
    email: TEXT,
    name: TEXT,
    description: TEXT,
    item: GARMENT_TEXTS,
    photos: list(
      object({ file: { type: "string", pattern: "^[A-Za-z0-9][A-Za-z0-9._-]*$" }, name: TEXT, type: TEXT, size: COUNT }, ["file", "name", "type", "size"]),
    ),
    garments: list({ ...GARMENT_TEXTS, properties: { ...GARMENT_TEXTS.properties, photos: texts }, required: ["photos"] }),
    conversation: list(object({ from: { enum: ["bot", "user"] }, text: TEXT, at: TEXT }, ["from", "text", "at"])),
  },
  ["id", "kind", "created_at", "email", "photos"],
)

export const DELIVERY_SCHEMA = object(
  {
    status: { enum: ["pending", "sent", "failed"] },
    attempts: COUNT,
    delivered: texts,
    refused: texts,
    last_error: TEXT,
    next_attempt_at: MOMENT,
    sent_at: MOMENT,
    failed_at: MOMENT,
  },
  ["status", "attempts", "delivered"],
)

const RECEIVED = object({ index: COUNT, nature: TEXT, brand: TEXT, size: TEXT, colour: TEXT, marks: TEXT, condition: TEXT, description: TEXT }, [
  "index",
  "nature",
  "brand",
  "size",
  "colour",
  "marks",
  "condition",
  "description",
])

const OFFER = object(
  {
    amount_cents: CENTS,
    lines: list(object({ index: COUNT, amount_cents: CENTS }, ["index", "amount_cents"])),
    message: TEXT,
    valid_until: DAY,
    made_at: MOMENT,
  },
  ["amount_cents", "message", "valid_until", "made_at"],
)

export const BUYBACK_SCHEMA = object(
  {
    token: { type: "string", pattern: "^[0-9a-f]{32}$" },
    stage: { enum: [...BUYBACK_STAGES] },
    offer: OFFER,
    previous_offer: OFFER,
    answered_at: MOMENT,
    seller: object(
      {
        surname: TEXT,
        first_names: TEXT,
        address: TEXT,
        id_type: { enum: Object.keys(ID_TYPES) },
        id_number: TEXT,
        id_date: DAY,
        id_authority: TEXT,
        iban: TEXT,
      },
      ["surname", "first_names", "address", "id_type", "id_number", "id_date", "id_authority", "iban"],
    ),
    tracking: TEXT,
    reception: object(
      {
        at: MOMENT,
        garments: list(
          object(
            {
              index: COUNT,
              verdict: { enum: Object.keys(RECEPTION_VERDICTS) },
              received: RECEIVED,
              revised_cents: CENTS,
              answer: { enum: ["accepted", "refused"] },
              answered_at: MOMENT,
            },
            ["index", "verdict", "received"],
          ),
        ),
        message: TEXT,
        valid_until: DAY,
      },
      ["at", "garments"],
    ),
    rejected_choice: { enum: Object.keys(REJECTED_CHOICES) },
    returned: object({ at: MOMENT, tracking: TEXT }, ["at", "tracking"]),
    payment: object(
      {
        amount_cents: CENTS,
        postage_cents: CENTS,
        method: { enum: Object.keys(PAYMENT_METHODS) },
        date: DAY,
        at: MOMENT,
        register_number: COUNT,
        register_numbers: list(COUNT),
      },
      ["amount_cents", "method", "date", "at", "register_number"],
    ),
    postage_claim_cents: CENTS,
    history: list(object({ stage: { enum: [...BUYBACK_STAGES] }, at: MOMENT }, ["stage", "at"])),
    updated_at: MOMENT,
    terms: COUNT,
  },
  ["token", "stage", "history", "updated_at"],
)
