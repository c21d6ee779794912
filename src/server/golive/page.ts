/**
 * The checklist's page, a whole HTML string built on the server: readable before any script (it
 * runs none), French, in the frame of every owner room (the inbox's `framePage`, handed over by
 * the host: a feature never imports another's), so its header is theirs: the owner's rooms, the
 * studio and « Se déconnecter » (a same-origin POST, one tap).
 */
import { frenchTypography } from "../../lib/typography"
import { escapeHtml } from "../http/html"
import type { Check, Link, Step, Tone } from "./checks"

/**
 * The frame of the owner's rooms (src/server/inbox/layout.ts framePage, passed in by the host):
 * the checklist adds its stylesheet and loads no script (its policy runs none).
 */
export type OwnerFrame = (page: { base: string; title: string; body: string; stylesheets: readonly string[]; script: false }) => string

/** The checklist's address is `<studio>/mise-en-ligne`: the studio's own is its parent. */
export const studioOf = (base: string) => base.slice(0, base.lastIndexOf("/"))

const words = (text: string) => escapeHtml(frenchTypography(text))

export const TONE_WORDS: Readonly<Record<Tone, string>> = { done: "Fait", todo: "À faire", check: "À vérifier" }

const anchor = ({ href, label }: Link) => `<a href="${escapeHtml(href)}">${words(label)}</a>`

function step({ text, link, fields, command }: Step): string {
  return `<li>${words(text)}${link ? `<br>${anchor(link)}` : ""}${fields ? `<ul class="fields">${fields.map((field) => `<li>${anchor(field)}</li>`).join("")}</ul>` : ""}${command ? `<code>${escapeHtml(command)}</code>` : ""}</li>`
}

function point(check: Check): string {
  return `<li class="check tone-${check.tone}" id="${check.id}">
<div class="check-head"><h2>${words(check.title)}</h2><span class="state">${TONE_WORDS[check.tone]}</span></div>
<p>${words(check.summary)}</p>
${check.steps.length > 0 ? `<ul class="steps">${check.steps.map(step).join("\n")}</ul>` : ""}
</li>`
}

/** « Tout est prêt » or how many points remain, said before the list. */
export function verdict(checks: readonly Check[]): string {
  const left = checks.filter((check) => check.tone !== "done").length
  if (left === 0) return "Tout est prêt : le site peut être mis en ligne."
  return `${left} point${left > 1 ? "s restent" : " reste"} à régler sur ${checks.length} avant la mise en ligne.`
}

export function checklistPage(frame: OwnerFrame, base: string, checks: readonly Check[]): string {
  const body = `<h1>Avant la mise en ligne</h1>
<p class="lead">${words(verdict(checks))} Cette page se met à jour à chaque visite.</p>
<ol class="checks">
${checks.map(point).join("\n")}
</ol>`
  return frame({ base, title: "Mise en ligne", body, stylesheets: [`${base}/mise-en-ligne.css`], script: false })
}
