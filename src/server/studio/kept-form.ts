/**
 * A form the owner sent after the session ended (logged out in another tab, or expired) is kept
 * through the login (issue 60): the room's door answers the login page (401) with what was typed
 * in a hidden field, the login keeps it through a wrong password, and once logged in the owner
 * gets a page that sends it again with one tap (« Envoyer ma saisie »), or opens the room without
 * sending it. No script: the site's pages run none on the login's policy.
 *
 * What must stay true: the form is sent again only to a room of this studio (a path under
 * `<base>/<room>/`, nothing else), and only by the owner's own tap, from a page of this site
 * (the room's same-origin rule and its step's version checks still apply: a form made stale
 * meanwhile is refused 409 with what was typed, as any other).
 */
import Ajv from "ajv"
import { escapeHtml as escape } from "../http/html"

export type KeptForm = { action: string; fields: Record<string, string> }

/** The longest kept form: the reception of ten garments, with room to spare. */
export const KEPT_FORM_CAP = 160 * 1024

const validate = new Ajv({ strict: true }).compile({
  type: "object",
  additionalProperties: false,
  required: ["action", "fields"],
  properties: {
    action: { type: "string", maxLength: 300 },
    fields: { type: "object", maxProperties: 200, additionalProperties: { type: "string", maxLength: 20_000 } },
  },
})

/** The address of a room's form: `<base>/<room>/…`, letters, digits, `-`, `_`, `/` only (no `..`, no query, no other site). */
export const isRoomAction = (action: string, base: string, rooms: readonly string[]) =>
  rooms.some((room) => action.startsWith(`${base}/${room}/`)) && /^\/[A-Za-z0-9_\-/]+$/.test(action) && !action.includes("//")

/** The kept form posted with the login, when it is one and goes to a room; null otherwise (then the login goes on as usual). */
export function keptFormOf(posted: unknown, base: string, rooms: readonly string[]): KeptForm | null {
  if (typeof posted !== "string") return null
  let value: unknown
  try {
    value = JSON.parse(posted)
  } catch {
    return null
  }
  if (!validate(value)) return null
  const kept = value as KeptForm
  return isRoomAction(kept.action, base, rooms) ? kept : null
}

/** The hidden field the login page carries the form in. */
export const keptFormField = (kept: KeptForm) => `<input type="hidden" name="saisie" value="${escape(JSON.stringify(kept))}">`

export const KEPT_WORDS = {
  ended: "Votre session a pris fin : reconnectez-vous. Ce que vous avez saisi est conservé et pourra être envoyé juste après.",
  heading: "Vous êtes reconnecté",
  explain: "Ce que vous aviez saisi avant la fin de la session est conservé. Envoyez-le maintenant, ou ouvrez la page sans l'envoyer.",
  send: "Envoyer ma saisie",
  open: "Ouvrir la page sans envoyer",
} as const

/** After the login: the kept form, sent again by the owner's tap, or left for the room's page. */
export function resendBody(kept: KeptForm, roomEntry: string): string {
  const hidden = Object.entries(kept.fields)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join("\n")
  return `<h1>${KEPT_WORDS.heading}</h1>
<p role="status">${KEPT_WORDS.explain}</p>
<form method="post" action="${escape(kept.action)}">
${hidden}
<button type="submit">${KEPT_WORDS.send}</button>
</form>
<p><a href="${escape(roomEntry)}">${KEPT_WORDS.open}</a></p>`
}
