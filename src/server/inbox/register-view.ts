/**
 * What the register's pages show (./register-page.ts routes them): the shop that keeps it, the
 * search, the chain's verdict, one row per entry with every field the law asks for (R321-3 to
 * R321-5: order number, date, seller, identity document, nature and marks, provenance, price,
 * payment), its print view, and the log « Consultations du registre ». Multi-line fields are shown
 * as lines. Whole HTML strings, no script.
 */
import type { RegisterEntry } from "../../contract/buyback"
import { CONSULTATION_VIEWS, type Consultation, type LogVerdict } from "../../contract/register-consultations"
import { eurosField } from "../../contract/euros"
import { sizeWords } from "../../contract/garments"
import { isDay, sheetDate } from "../shop-time"
import { escapeHtml, formatDate } from "./layout"
import { filterQuery, filterWords, isFiltered, numberRanges, type RegisterFilter } from "./register-filter"
import { clock } from "../clock"

/** Who keeps the register (content/legal.json's publisher, handed over by the host). */
export type RegisterShop = { name: string; address: string; registration: string; prefectureReceipt: string }

export type Verdict = { ok: true; count: number; uncheckpointed?: number } | { ok: false; count: number; number: number; problem: string }

const DAY = new Intl.DateTimeFormat("fr-FR", { dateStyle: "short", timeZone: "UTC" })
const day = (text: string) => (isDay(text) ? DAY.format(new Date(`${text}T12:00:00Z`)) : escapeHtml(text))

/** A text typed on several lines, shown as lines. */
export const lines = (text: string) => escapeHtml(text).replace(/\n/g, "<br>")

const PLACEHOLDER = /^\[À COMPLÉTER/

/** The shop's identity, as the law wants it at the head of the register and of its print. */
export function shopHeader(shop: RegisterShop): string {
  const value = (text: string) => (!text || PLACEHOLDER.test(text) ? `<span class="missing">à compléter dans le studio (Mentions légales)</span>` : lines(text))
  return `<dl class="shop">
<div><dt>Tenu par</dt><dd>${value(shop.name)}</dd></div>
<div><dt>Adresse</dt><dd>${value(shop.address)}</dd></div>
<div><dt>SIRET</dt><dd>${value(shop.registration)}</dd></div>
<div><dt>Déclaration en préfecture</dt><dd>${value(shop.prefectureReceipt)}</dd></div>
</dl>`
}

/** « les entrées n° 4 à 5 » or « l'entrée n° 5 »: the last `missing` of `count` entries. */
const lastEntries = (count: number, missing: number) => (missing === 1 ? `l'entrée n° ${count}` : `les entrées n° ${count - missing + 1} à ${count}`)

export function verdictLine(verdict: Verdict): string {
  if (!verdict.ok) return `<p class="problem" role="alert">Registre altéré : ${escapeHtml(verdict.problem)}</p>`
  const intact = `<p class="notice no-print">Registre intact : ${verdict.count} entrée${verdict.count > 1 ? "s" : ""}, chaîne d'empreintes vérifiée avec la clé du registre et le dernier point de contrôle.</p>`
  if (!verdict.uncheckpointed) return intact
  return `${intact}
<p class="problem" role="alert">Point de contrôle manquant : ${lastEntries(verdict.count, verdict.uncheckpointed)} ne ${verdict.uncheckpointed === 1 ? "figure" : "figurent"} dans aucun point de contrôle (disque du serveur plein au moment de l'inscription ?). Le prochain point de contrôle, à la prochaine inscription ou au plus tard demain, ${verdict.uncheckpointed === 1 ? "la" : "les"} couvrira : vérifiez la place sur le disque du serveur.</p>`
}

/** `room`: the register's own address; `rectifiedBy`: the numbers of the entries that rectify this one. */
function row(room: string, entry: RegisterEntry, rectifiedBy: readonly number[]): string {
  const { seller, item } = entry
  const rectifies = entry.rectifies ? `<br><small>rectifie le n° ${entry.rectifies}${entry.correction ? ` : ${lines(entry.correction)}` : ""}</small>` : ""
  const rectified = rectifiedBy.length > 0 ? `<br><small>rectifiée par le n° ${rectifiedBy.join(", ")}</small>` : ""
  const actions = `<span class="row-actions no-print"><a href="${room}/?rectifier=${entry.number}#correction">Rectifier</a><a href="${room}/etiquettes?numeros=${entry.number}">Étiquette</a></span>`
  const garment = [item.nature, item.brand, item.size ? sizeWords(item.size) : "", item.colour].filter(Boolean).map(escapeHtml).join(" · ")
  const described = [
    garment,
    item.marks ? lines(item.marks) : "",
    item.condition ? escapeHtml(item.condition) : "",
    item.description ? lines(item.description) : "",
  ]
  return `<tr id="n${entry.number}">
<td><strong>${entry.number}</strong>${rectifies}${rectified}${actions}</td>
<td>${sheetDate(entry.recorded_at)}</td>
<td>${escapeHtml(seller.surname)} ${escapeHtml(seller.first_names)}<br><small>${escapeHtml(seller.status)}</small><br>${lines(seller.address)}</td>
<td>${escapeHtml(seller.id_type)} n° ${escapeHtml(seller.id_number)}<br>délivrée le ${day(seller.id_date)} par ${escapeHtml(seller.id_authority)}</td>
<td>${described.filter(Boolean).join("<br>")}</td>
<td>${lines(entry.provenance)}</td>
<td class="number">${eurosField(entry.price_cents)}\u00a0€</td>
<td>${escapeHtml(entry.payment_method)}<br>${day(entry.payment_date)}</td>
</tr>`
}

/** The table of `shown` (all entries give the « rectifiée par » marks). */
export function registerTable(room: string, all: readonly RegisterEntry[], shown: readonly RegisterEntry[]): string {
  const rectifiers = new Map<number, number[]>()
  for (const entry of all) if (entry.rectifies) rectifiers.set(entry.rectifies, [...(rectifiers.get(entry.rectifies) ?? []), entry.number])
  // The title above the table, not its caption: a caption is as wide as its table and, on a
  // phone, would scroll away with it (« (Code pénal, ar… »); the table alone scrolls sideways.
  return `<h2 id="registre-titre" class="table-title">Registre des objets mobiliers (Code pénal, art. 321-7 et R321-3 à R321-8)</h2>
<div class="table-scroll" role="region" aria-labelledby="registre-titre" tabindex="0"><table class="register" aria-labelledby="registre-titre">
<thead><tr><th scope="col">N° d'ordre</th><th scope="col">Inscrit le</th><th scope="col">Vendeur (qualité, adresse)</th><th scope="col">Pièce d'identité</th><th scope="col">Article (nature, signes distinctifs)</th><th scope="col">Provenance</th><th scope="col">Prix</th><th scope="col">Paiement</th></tr></thead>
<tbody>${shown.map((entry) => row(room, entry, rectifiers.get(entry.number) ?? [])).join("")}</tbody>
</table></div>`
}

/** The search form; it keeps what was asked. */
export function searchForm(room: string, filter: RegisterFilter): string {
  return `<form class="search no-print" method="get" action="${room}/" role="search" aria-label="Chercher dans le registre">
<div class="field search-text"><label for="f-q">Nom, n° d'ordre ou n° de pièce d'identité</label><input type="search" id="f-q" name="q" value="${escapeHtml(filter.q)}" maxlength="100"></div>
<div class="field"><label for="f-du">Inscrit du</label><input type="date" id="f-du" name="du" value="${filter.from}"></div>
<div class="field"><label for="f-au">au</label><input type="date" id="f-au" name="au" value="${filter.to}"></div>
<div class="search-actions"><button class="button primary" type="submit">Rechercher</button>${isFiltered(filter) ? ` <a class="button" href="${room}/">Tout afficher</a>` : ""}</div>
</form>`
}

/** What the filter shows, and the links that follow it (CSV, print, labels). */
export function selectionBar(room: string, filter: RegisterFilter, shown: readonly RegisterEntry[], total: number): string {
  const query = escapeHtml(filterQuery(filter))
  const numbers = shown.map((entry) => entry.number)
  const labels =
    numbers.length > 0 ? `<a class="button" href="${room}/etiquettes?numeros=${numberRanges(numbers, "-").replace(/ /g, "")}">Imprimer les étiquettes</a>` : ""
  return `<div class="selection no-print">
<p role="status">${isFiltered(filter) ? `${shown.length} entrée${shown.length > 1 ? "s" : ""} sur ${total} (${escapeHtml(filterWords(filter))})` : `${total} entrée${total > 1 ? "s" : ""}`}</p>
<div class="selection-actions"><a class="button" href="${room}/impression${query}">Vue d'impression</a><a class="button" href="${room}/registre.csv${query}">Exporter (CSV)</a>${labels}</div>
</div>`
}

/** The print view: the shop, the filter, the table; nothing to click. */
export function printBody(
  room: string,
  shop: RegisterShop,
  filter: RegisterFilter,
  all: readonly RegisterEntry[],
  shown: readonly RegisterEntry[],
  verdict: Verdict,
): string {
  return `<div class="page-head"><h1>Registre des achats</h1><a class="button no-print" href="${room}/${escapeHtml(filterQuery(filter))}">Retour au registre</a></div>
${shopHeader(shop)}
<p class="meta">${escapeHtml(filterWords(filter))} : ${shown.length} entrée${shown.length > 1 ? "s" : ""}, imprimé le ${escapeHtml(formatDate(clock.now().toISOString(), true))}.<span class="no-print"> Pour l'imprimer : la commande Imprimer du navigateur.</span></p>
${verdictLine(verdict)}
${registerTable(room, all, shown)}`
}

/** The log's check, above its lines: intact, or which line was changed, added or removed without the register's key. */
const logVerdictLine = (checked: LogVerdict) =>
  checked.ok
    ? `<p class="notice no-print">Journal intact : ${checked.count} ligne${checked.count > 1 ? "s" : ""}, chaînée${checked.count > 1 ? "s" : ""} avec la clé du registre.</p>`
    : `<p class="problem" role="alert">Journal des consultations altéré : ${escapeHtml(checked.problem)}</p>`

/** « Consultations du registre »: the last year's, newest first, under the log's check. */
export function consultationsBody(room: string, consultations: readonly Consultation[], checked: LogVerdict): string {
  const rows = consultations
    .map(
      (line) =>
        `<tr><td>${escapeHtml(formatDate(line.at))}</td><td>${escapeHtml(line.account)}</td><td>${CONSULTATION_VIEWS[line.view] ?? escapeHtml(line.view)}</td><td>${escapeHtml(line.seen)}</td></tr>`,
    )
    .join("")
  return `<div class="page-head"><h1>Consultations du registre</h1><a class="button" href="${room}/">Retour au registre</a></div>
<p class="meta">Chaque consultation du registre (sa page, sa vue d'impression, son export CSV, ses étiquettes, un formulaire de rectification) est notée ici avec le compte et l'heure, et gardée un an.</p>
${logVerdictLine(checked)}
${
  consultations.length === 0
    ? `<p class="empty">Aucune consultation notée depuis un an.</p>`
    : `<div class="table-scroll" role="region" aria-label="Consultations" tabindex="0"><table class="register">
<thead><tr><th scope="col">Date</th><th scope="col">Compte</th><th scope="col">Vue</th><th scope="col">Ce qui a été vu</th></tr></thead>
<tbody>${rows}</tbody></table></div>`
}`
}
