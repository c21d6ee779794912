/**
 * What every page of the owner's inbox shares: the frame (its header links back to the studio and
 * logs out), the words that are not a request's own, and how dates, delivery and a request's first
 * words read. Pages are whole HTML strings built on the server: no bundle, readable before any
 * script, the stylesheet and the one small script served beside them (./router.ts).
 */
import { documentStart, escapeHtml, withTypography } from "../http/html"
import type { StoredLead } from "../leads/outbox"
import type { DeliveryState, Lead } from "../leads/types"
import { shopFormat } from "../shop-time"

export { escapeHtml, withTypography }

/** The shop's clock (../shop-time.ts): a request received at 21:15 UTC reads 22:15 in Paris, where the owner works. */
const SHORT_DATE = shopFormat({ dateStyle: "medium", timeStyle: "short" })
const LONG_DATE = shopFormat({ dateStyle: "long", timeStyle: "short" })

/** "23 nov. 2026, 22:15" (lists) or "23 novembre 2026 à 22:15" (one request); "" for a date that does not parse. */
export function formatDate(iso: string | undefined, long = false): string {
  const time = iso ? Date.parse(iso) : NaN
  return Number.isNaN(time) ? "" : (long ? LONG_DATE : SHORT_DATE).format(time)
}

export const KIND_WORDS: Readonly<Record<Lead["kind"], string>> = { estimate: "Estimation", chat: "Contact chat" }

/** "1,5 Mo", "820 ko": a photo's weight as the owner reads it. */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))}\u00a0ko`
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(".", ",")}\u00a0Mo`
}

export type DeliveryView = { tone: "ok" | "wait" | "fail"; label: string; detail: string }

/**
 * Where the request stands with the team's mailbox or webhook (delivery.json). Without any channel
 * configured nothing is ever sent: the inbox is then the only place the request is read, and says so.
 */
export function deliveryView(state: DeliveryState, channelsConfigured: boolean): DeliveryView {
  if (state.status === "sent") return { tone: "ok", label: "Envoyée", detail: state.sent_at ? `le ${formatDate(state.sent_at)}` : "" }
  if (state.status === "failed") return { tone: "fail", label: "Échec", detail: `refusée pour de bon : ${state.last_error ?? "raison inconnue"}` }
  if (!channelsConfigured)
    return { tone: "wait", label: "Non envoyée", detail: "l'envoi des demandes par e-mail n'est pas réglé sur ce serveur : elle se lit ici seulement" }
  if (state.attempts === 0) return { tone: "wait", label: "En attente", detail: "envoi en cours" }
  const next = state.next_attempt_at ? `, nouvel essai le ${formatDate(state.next_attempt_at)}` : ""
  return {
    tone: "wait",
    label: "En attente",
    detail: `${state.attempts} essai${state.attempts > 1 ? "s" : ""} manqué${state.attempts > 1 ? "s" : ""} (${state.last_error ?? "?"})${next}`,
  }
}

/** The first words a visitor wrote (the description, else their first chat message), at most about `length` characters. */
export function firstWords({ lead }: Pick<StoredLead, "lead">, length = 140): string {
  const text = (lead.description ?? lead.conversation?.find((line) => line.from === "user")?.text ?? "").replace(/\s+/g, " ").trim()
  if (text.length <= length) return text
  const cut = text.slice(0, length)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), length - 20)).trimEnd()}…`
}

/** The « Répondre » link: a mail to the visitor, the request number in the subject. */
export function replyLink(lead: Lead): string {
  const subject = `Votre demande n° ${lead.id} – maxAi`
  const body = `Bonjour${lead.name ? ` ${lead.name}` : ""},\n\n`
  // Every character that could add a header (?, &) is escaped; "@" stays readable.
  return `mailto:${encodeURIComponent(lead.email).replace(/%40/g, "@")}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
}

export type Frame = {
  /** The room's own address (`/admin/demandes`, `/admin/questions`, with the site's path prefix): every link is built from it. */
  base: string
  title: string
  body: string
  /** The room's own stylesheets, after the inbox's (the checklist's `mise-en-ligne.css`). */
  stylesheets?: readonly string[]
  /** Whether the page loads the inbox's script (inbox.js): a room whose policy runs no script (the checklist) says false. */
  script?: boolean
}

/** The owner's rooms beside the studio, in the header of each (the host mounts them: src/server/host/app.ts). */
const ROOMS = [
  { name: "demandes", label: "Demandes" },
  { name: "questions", label: "Questions" },
  { name: "registre", label: "Registre" },
  { name: "stock", label: "Stock" },
] as const

/** The studio's address: the inbox is its room `demandes`. */
export const studioOf = (base: string) => base.slice(0, base.lastIndexOf("/"))

/** A link of the header, marked as the current page when it is the room's own. */
const roomLink = (base: string, href: string, label: string) => `<a href="${href}/"${base === href ? ' aria-current="page"' : ""}>${label}</a>`

/**
 * The whole document of every owner room (the inbox, the register, the questions, the go-live
 * checklist; the host hands it to the rooms that are not the inbox's): French, not indexed, the
 * same header everywhere with the owner's rooms (the current one marked), the studio, the
 * checklist and « Se déconnecter ». The stylesheet is the inbox's, whatever the room, then the
 * room's own; the script is the inbox's, unless the room says it runs none.
 */
export function framePage({ base, title, body, stylesheets = [], script = true }: Frame): string {
  const studio = studioOf(base)
  const inbox = `${studio}/demandes`
  const rooms = ROOMS.map(({ name, label }) => roomLink(base, `${studio}/${name}`, label)).join("\n")
  const head = documentStart({
    title,
    root: studioOf(studio),
    stylesheets: [`${inbox}/inbox.css`, ...stylesheets],
    ...(script ? { script: `${inbox}/inbox.js` } : {}),
  })
  return withTypography(`${head}
<body>
<header class="bar">
<nav class="rooms" aria-label="Espace propriétaire">
${rooms}
</nav>
<nav aria-label="Studio">
<a href="${studio}/">Studio</a>
${roomLink(base, `${studio}/mise-en-ligne`, "Mise en ligne")}
<form method="post" action="${studio}/logout"><button type="submit">Se déconnecter</button></form>
</nav>
</header>
<main id="contenu">
${body}
</main>
</body>
</html>
`)
}
