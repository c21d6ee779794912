/**
 * What every part of the seller's page shares (./seller-page.ts, ./seller-offer.ts): the view it
 * is drawn from, a labelled field with its problem beside it and what was typed, the sentence
 * of a refused form above it.
 */
import type { Buyback } from "../../contract/buyback"
import type { BuybackSale } from "../content"
import { escapeHtml } from "../http/html"
import type { StoredLead } from "../leads/outbox"
import type { Typed } from "./machine"

export type SellerForm = "accepter" | "refuser" | "revenir" | "prix-revu" | "colis" | "choix"

export type SellerView = {
  /** The page's own address (`<prefix>/suivi/<token>`): every form posts below it. */
  base: string
  /** The sellers' pages' address (`<prefix>/suivi`): their stylesheet is there, the site's root (its icon) above. */
  room: string
  stored: StoredLead
  buyback: Buyback
  sale: BuybackSale
  now: Date
  /** Which form was posted and refused: what was typed, each field's problem, the page's sentence, its code. */
  form?: { name: SellerForm; typed: Typed; fields: Record<string, string>; problem: string; code?: string }
  /** A confirmation after a step (303 then GET). */
  notice?: string
}

export const value = (typed: Typed | undefined, name: string) => escapeHtml(typed?.[name] ?? "")

export const hasFieldProblems = (view: SellerView) => Object.keys(view.form?.fields ?? {}).length > 0

/** A labelled field with its problem beside it (aria-describedby) and what was typed. */
export function field(view: SellerView, name: string, label: string, input: (attributes: string) => string, hint = ""): string {
  const problem = view.form?.fields[name]
  const describedBy = [hint ? `${name}-aide` : "", problem ? `${name}-erreur` : ""].filter(Boolean).join(" ")
  const attributes = `id="${name}" name="${name}"${describedBy ? ` aria-describedby="${describedBy}"` : ""}${problem ? ' aria-invalid="true"' : ""}`
  return `<div class="field"><label for="${name}">${label}</label>${hint ? `<small id="${name}-aide">${hint}</small>` : ""}${input(attributes)}${
    problem ? `<span class="error" id="${name}-erreur">${escapeHtml(problem)}</span>` : ""
  }</div>`
}

export function text(view: SellerView, name: string, label: string, limit: number, extra = "", hint = ""): string {
  const typed = view.form?.name === "accepter" ? view.form.typed : undefined
  return field(view, name, label, (attributes) => `<input type="text" ${attributes} value="${value(typed, name)}" maxlength="${limit}" required${extra}>`, hint)
}

/** The sentence of a refused form with problems in its fields, above that form. */
export function problemLine(view: SellerView, form: SellerForm): string {
  return view.form?.name === form && hasFieldProblems(view) ? `<p class="problem" role="alert">${escapeHtml(view.form.problem)}</p>` : ""
}
