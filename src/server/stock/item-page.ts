/**
 * One garment of the stock at /admin/stock/<number>: its photo and what the register says of it,
 * its status, and the forms of what can happen to it now: « Mettre en vente », « Publier sur le
 * site », « Marquer vendu » (the margin shown as the price is typed, by stock.js, and after the
 * save), « Retirer du stock », « Remettre en stock »; then its history. Every form carries the
 * item's version: a form from a page that did not see the last change is refused (./book.ts).
 */
import { SALE_CHANNELS, STATUS_WORDS, WITHDRAWAL_REASONS, type StockItem } from "../../contract/stock"
import { eurosField } from "../../contract/euros"
import { escapeHtml } from "../http/html"
import type { OwnerFrame } from "./list-page"
import { netMargin, signedEuros, taxableMargin } from "./money"
import { changeWords, dayShort, garmentTitle, momentShort, statusBadge, STOCK_WORDS } from "./words"

/** The form that was refused, with what was typed and each field's problem. */
export type Refused = { form: string; error: string; fields?: Record<string, string>; typed: Record<string, string> }

export type ItemView = {
  base: string
  frame: OwnerFrame
  item: StockItem
  photo: boolean
  today: string
  /** Where the studio opens the gallery's list (« Publier sur le site » leads there); none: the studio is not on this server. */
  studioLink?: string
  canPublish: boolean
  notice?: string
  refused?: Refused
}

type Field = { name: string; label: string; control: string; hint?: string }

function fieldHtml(field: Field, refused: Refused | undefined, formName: string): string {
  const problem = refused?.form === formName ? refused.fields?.[field.name] : undefined
  const id = `${formName}-${field.name}`
  const described = [field.hint ? `${id}-aide` : "", problem ? `${id}-erreur` : ""].filter(Boolean).join(" ")
  const control = field.control
    .replace("{id}", id)
    .replace("{attrs}", `${described ? ` aria-describedby="${described}"` : ""}${problem ? ' aria-invalid="true"' : ""}`)
  return `<div class="field"><label for="${id}">${field.label}</label>${field.hint ? `<p class="hint" id="${id}-aide">${field.hint}</p>` : ""}${control}${
    problem ? `<span class="error" id="${id}-erreur">${escapeHtml(problem)}</span>` : ""
  }</div>`
}

const text = (name: string, value: string, extra = "") => `<input type="text" id="{id}" name="${name}" value="${escapeHtml(value)}"{attrs}${extra}>`

function form(view: ItemView, name: string, title: string, fields: Field[], button: string, hint = "", danger = false): string {
  const { base, item, refused } = view
  const problem = refused?.form === name ? `<p class="problem" role="alert">${escapeHtml(refused.error)}</p>` : ""
  return `<section class="stock-step" aria-labelledby="titre-${name}" id="${name}">
<h2 id="titre-${name}">${title}</h2>${hint ? `<p class="hint">${hint}</p>` : ""}
<form method="post" action="${base}/${item.number}/${name}" class="stock-form">
${problem}
<input type="hidden" name="version" value="${escapeHtml(item.version)}">
${fields.map((field) => fieldHtml(field, refused, name)).join("\n")}
<button class="button${danger ? "" : " primary"}" type="submit">${button}</button>
</form>
</section>`
}

const typedOr = (view: ItemView, formName: string, name: string, fallback: string) =>
  view.refused?.form === formName ? (view.refused.typed[name] ?? "") : fallback

function select(name: string, options: Readonly<Record<string, string>>, current: string): string {
  return `<select id="{id}" name="${name}"{attrs}>${Object.entries(options)
    .map(([value, label]) => `<option value="${value}"${value === current ? " selected" : ""}>${label}</option>`)
    .join("")}</select>`
}

function saleForm(view: ItemView): string {
  const { item } = view
  const sale = item.sale
  const name = "vendu"
  const shownPrice = sale?.price_cents ?? item.listing?.asking_cents
  const fields: Field[] = [
    {
      name: "prix",
      label: STOCK_WORDS.price,
      // Not sold yet: the asking price, the price most sales are made at (the owner changes it if not).
      control: text("prix", typedOr(view, name, "prix", shownPrice ? eurosField(shownPrice) : ""), ' inputmode="decimal" required'),
    },
    {
      name: "date",
      label: STOCK_WORDS.date,
      control: `<input type="date" id="{id}" name="date" value="${escapeHtml(typedOr(view, name, "date", sale?.date ?? view.today))}" min="${item.bought_on}" max="${view.today}" required{attrs}>`,
    },
    { name: "canal", label: STOCK_WORDS.channel, control: select("canal", SALE_CHANNELS, typedOr(view, name, "canal", sale?.channel ?? "vinted")) },
    {
      name: "frais",
      label: STOCK_WORDS.fees,
      hint: STOCK_WORDS.feesHint,
      control: text("frais", typedOr(view, name, "frais", sale ? eurosField(sale.fees_cents) : ""), ' inputmode="decimal"'),
    },
    {
      name: "reference",
      label: `${STOCK_WORDS.reference} (facultatif)`,
      control: text("reference", typedOr(view, name, "reference", sale?.reference ?? ""), ' maxlength="80"'),
    },
  ]
  const live = `<p class="stock-margin" data-cost="${item.cost_cents}"><output id="marge-directe" for="vendu-prix vendu-frais" aria-live="polite"></output></p>`
  return form(view, name, sale ? STOCK_WORDS.correctSale : STOCK_WORDS.sold, fields, sale ? STOCK_WORDS.correctSale : STOCK_WORDS.sold).replace(
    "</form>",
    `${live}</form>`,
  )
}

function saleFacts(item: StockItem): string {
  if (!item.sale) return ""
  const figures = { cost_cents: item.cost_cents, ...item.sale }
  return `<div><dt>Vente</dt><dd>${signedEuros(item.sale.price_cents)} le ${dayShort(item.sale.date)} (${SALE_CHANNELS[item.sale.channel]})${item.sale.reference ? ` · réf. ${escapeHtml(item.sale.reference)}` : ""}</dd></div>
<div><dt>Frais</dt><dd>${signedEuros(item.sale.fees_cents)}</dd></div>
<div><dt>${STOCK_WORDS.margin} (vente − achat − frais)</dt><dd class="stock-margin-value"><strong>${signedEuros(netMargin(figures))}</strong></dd></div>
<div><dt>Marge soumise à la TVA (vente − achat)</dt><dd>${signedEuros(taxableMargin(figures))}</dd></div>`
}

export function itemPage(view: ItemView): string {
  const { base, item } = view
  const g = item.garment
  const fact = (label: string, value: string) => (value ? `<div><dt>${label}</dt><dd>${escapeHtml(value)}</dd></div>` : "")
  const held = item.status === "en_stock" || item.status === "en_vente"
  const listingFields: Field[] = [
    {
      name: "vinted",
      label: STOCK_WORDS.vinted,
      control: text("vinted", typedOr(view, "vente", "vinted", item.listing?.vinted_url ?? ""), ' inputmode="url" placeholder="https://www.vinted.fr/items/…"'),
    },
    {
      name: "prix_demande",
      label: STOCK_WORDS.asking,
      control: text(
        "prix_demande",
        typedOr(view, "vente", "prix_demande", item.listing?.asking_cents ? eurosField(item.listing.asking_cents) : ""),
        ' inputmode="decimal"',
      ),
    },
  ]
  const publish = !view.canPublish
    ? ""
    : item.site_id !== undefined
      ? `<section class="stock-step" id="site"><h2>${STOCK_WORDS.publish}</h2><p>Fiche n° ${item.site_id} dans la galerie du site.</p>${view.studioLink ? `<p><a class="button" href="${view.studioLink}">${STOCK_WORDS.openInStudio}</a></p>` : ""}</section>`
      : form(view, "site", STOCK_WORDS.publish, [], STOCK_WORDS.publish, STOCK_WORDS.publishHint, true)
  const steps = [
    held ? form(view, "vente", STOCK_WORDS.listing, listingFields, STOCK_WORDS.listing, STOCK_WORDS.listingHint) : "",
    item.status !== "retire" ? publish : "",
    item.status !== "retire" ? saleForm(view) : "",
    held
      ? form(
          view,
          "retrait",
          STOCK_WORDS.withdraw,
          [{ name: "motif", label: STOCK_WORDS.reason, control: select("motif", WITHDRAWAL_REASONS, typedOr(view, "retrait", "motif", "don")) }],
          STOCK_WORDS.withdraw,
          "",
          true,
        )
      : form(
          view,
          "retour",
          STOCK_WORDS.backInStock,
          [{ name: "note", label: "Pourquoi (facultatif)", control: text("note", typedOr(view, "retour", "note", ""), ' maxlength="300"') }],
          STOCK_WORDS.backInStock,
          STOCK_WORDS.backHint,
          true,
        ),
  ].join("\n")
  // A refused form this page no longer shows (a sale posted for an item withdrawn meanwhile): its refusal on top.
  const unshown = view.refused && !steps.includes(`id="${view.refused.form}"`) ? `<p class="problem" role="alert">${escapeHtml(view.refused.error)}</p>` : ""
  const sales = new Set<number>()
  const history = item.history
    .map((change) => {
      const corrected = change.kind === "sale" && sales.size > 0
      if (change.kind === "sale") sales.add(change.seq)
      if (change.kind === "back_in_stock") sales.clear()
      return `<li><time datetime="${change.at}">${momentShort(change.at)}</time> — ${changeWords(change, corrected)}</li>`
    })
    .join("\n")
  const image = view.photo ? `${base}/photos/${item.number}.jpg` : `${base}/photo-absente.svg`
  const body = `<p class="back"><a href="${base}/">← ${STOCK_WORDS.list}</a></p>
<h1>n° ${item.number} — ${garmentTitle(item)} ${statusBadge(item)}</h1>
${view.notice ? `<p class="notice" role="status">${escapeHtml(view.notice)}</p>` : ""}${unshown}
<div class="columns">
<div>
<figure class="stock-photo"><img src="${image}" alt="${view.photo ? `Photo : ${garmentTitle(item)}` : "Pas de photo"}" width="400" height="500"></figure>
<section aria-label="L'article"><dl class="facts">
${fact("Marque", g.brand)}${fact("Nature", g.nature)}${fact("Taille", g.size)}${fact("Couleur", g.colour)}${fact("État", g.condition)}
<div><dt>Coût (prix payé)</dt><dd><strong>${signedEuros(item.cost_cents)}</strong></dd></div>
<div><dt>Acheté le</dt><dd>${dayShort(item.bought_on)} (${escapeHtml(item.payment_method)})</dd></div>
<div><dt>Statut</dt><dd>${STATUS_WORDS[item.status]}${item.withdrawal ? ` : ${WITHDRAWAL_REASONS[item.withdrawal.reason].toLowerCase()}` : ""}</dd></div>
${item.listing?.asking_cents ? `<div><dt>${STOCK_WORDS.asking}</dt><dd>${signedEuros(item.listing.asking_cents)}</dd></div>` : ""}
${item.listing?.vinted_url ? `<div class="wide"><dt>Annonce Vinted</dt><dd><a href="${escapeHtml(item.listing.vinted_url)}" rel="noopener noreferrer">${escapeHtml(item.listing.vinted_url)}</a></dd></div>` : ""}
${saleFacts(item)}
${fact("Signes distinctifs", g.marks)}${g.description ? `<div class="wide"><dt>Description</dt><dd class="prose">${escapeHtml(g.description)}</dd></div>` : ""}
</dl></section>
</div>
<div>${steps}</div>
</div>
<section aria-labelledby="titre-historique"><h2 id="titre-historique">${STOCK_WORDS.history}</h2>
<ol class="stock-history">${history || "<li>Inscrit au registre, aucun changement depuis.</li>"}</ol></section>
<script src="${base}/stock.js" defer></script>`
  return view.frame({ base, title: `n° ${item.number} · ${STOCK_WORDS.title}`, body, stylesheets: [`${base}/stock.css`] })
}
