/**
 * The correction form of the register's page (« Rectifier » on a row, /admin/registre/?rectifier=<n>):
 * filled with the entry's values, or after a refusal with what was typed and each problem beside
 * its field. Its post is checked by the register (src/server/register/correction.ts, through the
 * host's port); the entry itself never changes, the correction is a new entry.
 */
import { ID_TYPES, PAYMENT_METHODS, type RegisterEntry } from "../../contract/buyback"
import { CORRECTION_LIMITS, correctionValues, type CorrectionField } from "../../contract/correction-fields"
import { escapeHtml } from "./layout"

/** A correction as the register answers it (src/server/register/correction.ts). */
export type CorrectionOutcome =
  | { ok: true; entry: RegisterEntry }
  | { ok: false; status: 400 | 404 | 409; error: string; fields: Partial<Record<CorrectionField, string>>; typed: Partial<Record<CorrectionField, string>> }

/** The correction form shown: the entry it rectifies, and after a refusal what was typed and each problem. */
export type CorrectionView = { room: string; entry: RegisterEntry; version: number; refused?: Extract<CorrectionOutcome, { ok: false }> }

const LABELS: Readonly<Record<CorrectionField, string>> = {
  nom: "Nom",
  prenoms: "Prénoms",
  adresse: "Adresse",
  piece: "Type de pièce d'identité",
  piece_numero: "Numéro de la pièce",
  piece_date: "Date de délivrance",
  piece_autorite: "Délivrée par",
  nature: "Nature de l'article (ex. Polo)",
  marque: "Marque",
  taille: "Taille",
  couleur: "Couleur",
  signes: "Signes distinctifs (étiquettes, marques, défauts)",
  etat: "État",
  objet: "Description telle que reçue",
  provenance: "Provenance",
  prix: "Prix (€)",
  paiement: "Mode de paiement",
  paiement_date: "Date du paiement",
  motif: "Ce qui est corrigé, et pourquoi",
}

/** Typed on several lines: their line breaks are kept (src/server/register/correction.ts MULTI_LINE). */
const TEXTAREAS: ReadonlySet<CorrectionField> = new Set(["adresse", "signes", "objet", "motif"])

function correctionField(view: CorrectionView, name: CorrectionField): string {
  const typed = view.refused?.typed
  const value = escapeHtml(typed ? (typed[name] ?? "") : correctionValues(view.entry)[name])
  const problem = view.refused?.fields[name]
  const id = `c-${name}`
  const described = problem ? ` aria-describedby="${id}-erreur" aria-invalid="true"` : ""
  const attributes = `id="${id}" name="${name}"${described}`
  const limit = CORRECTION_LIMITS[name]
  const choices = name === "piece" ? Object.values(ID_TYPES) : name === "paiement" ? Object.values(PAYMENT_METHODS) : null
  const control = choices
    ? `<select ${attributes} required>${choices.map((choice) => `<option${escapeHtml(choice) === value ? " selected" : ""}>${escapeHtml(choice)}</option>`).join("")}</select>`
    : TEXTAREAS.has(name)
      ? `<textarea ${attributes} maxlength="${limit}" rows="3"${name === "motif" ? " required" : ""}>${value}</textarea>`
      : name.endsWith("date")
        ? `<input type="date" ${attributes} value="${value}" required>`
        : `<input type="text" ${attributes} value="${value}" maxlength="${limit}"${name === "prix" ? ' inputmode="decimal"' : ""}>`
  return `<div class="field"><label for="${id}">${LABELS[name]}</label>${control}${problem ? `<span class="error" id="${id}-erreur">${escapeHtml(problem)}</span>` : ""}</div>`
}

export function correctionForm(view: CorrectionView): string {
  const { entry, refused } = view
  const names = Object.keys(CORRECTION_LIMITS) as CorrectionField[]
  return `<section id="correction" class="correction no-print" aria-labelledby="correction-titre">
<h2 id="correction-titre">Rectifier l'entrée n° ${entry.number}</h2>
<p class="hint">L'entrée n° ${entry.number} reste telle qu'elle a été écrite. La rectification est une nouvelle entrée, numérotée à la suite, qui reprend ses valeurs avec vos corrections et dit ce qui est corrigé. Elle suit les règles du paiement : 1 000 € au plus en espèces, une date de paiement entre le jour de la demande et aujourd'hui.</p>
${refused ? `<p class="problem" role="alert">${escapeHtml(refused.error)}</p>` : ""}
<form method="post" action="${view.room}/rectifier/${entry.number}" novalidate>
<input type="hidden" name="version" value="${view.version}">
${names.map((name) => correctionField(view, name)).join("\n")}
<div class="actions"><button class="button primary" type="submit">Inscrire la rectification</button> <a class="button" href="${view.room}/">Annuler</a></div>
</form>
</section>`
}
