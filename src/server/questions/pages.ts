/**
 * The owner's pages of /admin/questions/: the list of the questions maxAi could not answer (most
 * asked first) and the answer form of one. Whole HTML strings, in the frame the host hands over
 * (the inbox's: its header, stylesheet and words), phone first; every visitor's text escaped.
 */
import { escapeHtml } from "../http/html"
import { shopFormat } from "../shop-time"
import type { UnansweredQuestion } from "../../contract/questions"

/** The frame of the owner's rooms (src/server/inbox/layout.ts framePage, passed in by the host). */
export type OwnerFrame = (page: { base: string; title: string; body: string }) => string

const DATE = shopFormat({ dateStyle: "medium" })
const day = (iso: string) => DATE.format(Date.parse(iso))

export const QUESTION_WORDS = {
  title: "Questions sans réponse",
  intro:
    "Les questions auxquelles maxAi n'a pas su répondre, les plus posées d'abord. Les données personnelles y sont masquées avant d'être enregistrées : noms, adresses postales et codes postaux, e-mails (même écrits « arobase » ou « (at) »), téléphones, dates de naissance, numéros de pièce d'identité, de carte bancaire et leur code, IBAN ; elles sont effacées après 12 mois ou dès que vous les traitez.",
  empty: "Aucune question sans réponse pour l'instant.",
  answer: "Répondre",
  ignore: "Ignorer",
  answerLabel: "Réponse de maxAi",
  answerHint: "Ce que maxAi répondra à cette question et à ses autres formulations.",
  rephrasingsLabel: "Autres formulations",
  rephrasingsHint: "Facultatif : d'autres façons de poser la même question, une par ligne.",
  keywordsLabel: "Mots-clés retenus",
  keywordsHint:
    "Les mots de la question que maxAi connaît déjà, et ceux que vous écrivez aussi dans la réponse ou dans une formulation à vous. Aucun autre mot du visiteur, ni ce qui a été masqué, n'est enregistré comme mot-clé.",
  noKeywords: "aucun pour l'instant : les mots de vos formulations, ou à défaut de votre réponse, serviront de mots-clés.",
  preview: "Revoir les mots-clés",
  save: "Enregistrer et republier",
  answered: "Réponse enregistrée : maxAi la donnera dès la republication du site.",
  ignored: "Question ignorée et effacée.",
  missingAnswer: "Écrivez la réponse de maxAi.",
  notFound: "Question introuvable : elle a déjà été traitée ou effacée.",
  noStudio: "Ce serveur n'enregistre pas de contenu (studio sans dossier du site) : répondez depuis le studio.",
} as const

const askedTimes = (count: number) => `Posée ${count} fois`

function card(question: UnansweredQuestion, id: string, base: string): string {
  const variants =
    question.variants.length > 0
      ? `<p class="meta">Aussi demandé :</p><ul class="excerpt">${question.variants.map((variant) => `<li>${escapeHtml(variant)}</li>`).join("")}</ul>`
      : ""
  return `<li class="card">
<h2 class="card-title"><a href="${base}/${id}">${escapeHtml(question.text)}</a></h2>
<p class="meta">${askedTimes(question.count)} · première fois le <time datetime="${escapeHtml(question.first_seen)}">${day(question.first_seen)}</time> · dernière le <time datetime="${escapeHtml(question.last_seen)}">${day(question.last_seen)}</time></p>
${variants}
<div class="actions"><a class="button primary" href="${base}/${id}">${QUESTION_WORDS.answer}</a>
<form method="post" action="${base}/${id}/ignorer"><button class="button" type="submit">${QUESTION_WORDS.ignore}</button></form></div>
</li>`
}

export function listPage(view: {
  base: string
  frame: OwnerFrame
  questions: ReadonlyArray<{ question: UnansweredQuestion; id: string }>
  notice?: string
}): string {
  const { base, questions } = view
  const body = `<div class="page-head"><h1>${QUESTION_WORDS.title} <span class="count">${questions.length}</span></h1></div>
<p class="hint">${QUESTION_WORDS.intro}</p>
${view.notice ? `<p class="notice" role="status">${escapeHtml(view.notice)}</p>` : ""}
${questions.length > 0 ? `<ol class="cards">${questions.map(({ question, id }) => card(question, id, base)).join("\n")}</ol>` : `<p class="empty">${QUESTION_WORDS.empty}</p>`}`
  return view.frame({ base, title: QUESTION_WORDS.title, body })
}

export type AnswerForm = { answer: string; rephrasings: string }

/** « Mots-clés retenus : … », and how they are chosen. */
function keywordsLine(keywords: readonly string[]): string {
  const listed = keywords.length > 0 ? keywords.map((keyword) => `<strong>${escapeHtml(keyword)}</strong>`).join(", ") : QUESTION_WORDS.noKeywords
  return `<p class="meta" id="mots-cles">${QUESTION_WORDS.keywordsLabel} : ${listed}</p>
<p class="hint">${QUESTION_WORDS.keywordsHint}</p>`
}

export function answerPage(view: {
  base: string
  frame: OwnerFrame
  question: UnansweredQuestion
  id: string
  form?: AnswerForm
  problem?: string
  canSave: boolean
  /** The keywords the answer would get now (answer.ts answerKeywords), shown before saving. */
  keywords?: readonly string[]
}): string {
  const { base, question, id } = view
  const form = view.form ?? { answer: "", rephrasings: question.variants.join("\n") }
  const problem = view.problem ? `<p class="problem" role="alert">${escapeHtml(view.problem)}</p>` : ""
  const saving = view.canSave
    ? `<form class="handling" method="post" action="${base}/${id}/repondre">
${problem}
<label for="reponse">${QUESTION_WORDS.answerLabel}</label>
<p class="hint" id="reponse-aide">${QUESTION_WORDS.answerHint}</p>
<textarea id="reponse" name="reponse" rows="6" maxlength="2000" required aria-describedby="reponse-aide">${escapeHtml(form.answer)}</textarea>
<label for="formulations">${QUESTION_WORDS.rephrasingsLabel}</label>
<p class="hint" id="formulations-aide">${QUESTION_WORDS.rephrasingsHint}</p>
<textarea id="formulations" name="formulations" rows="4" maxlength="3000" aria-describedby="formulations-aide">${escapeHtml(form.rephrasings)}</textarea>
${keywordsLine(view.keywords ?? [])}
<div class="actions"><button class="button primary" type="submit">${QUESTION_WORDS.save}</button>
<button class="button" type="submit" formaction="${base}/${id}/apercu" formnovalidate>${QUESTION_WORDS.preview}</button></div>
</form>`
    : `<p class="notice">${QUESTION_WORDS.noStudio}</p>`
  const body = `<p class="back"><a href="${base}/">← ${QUESTION_WORDS.title}</a></p>
<h1>${escapeHtml(question.text)}</h1>
<p class="meta">${askedTimes(question.count)} · dernière le <time datetime="${escapeHtml(question.last_seen)}">${day(question.last_seen)}</time></p>
<section aria-label="${QUESTION_WORDS.answer}">${saving}</section>
<div class="actions"><form method="post" action="${base}/${id}/ignorer"><button class="button" type="submit">${QUESTION_WORDS.ignore}</button></form></div>`
  return view.frame({ base, title: `${QUESTION_WORDS.answer} · ${QUESTION_WORDS.title}`, body })
}
