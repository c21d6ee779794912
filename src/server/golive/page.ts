/**
 * The checklist's page, a whole HTML string built on the server: readable before any script (it
 * has none), French, its own small frame (a feature never imports another's: the inbox's frame
 * stays the inbox's) with the same header as the inbox: back to the studio and the inbox, and
 * « Se déconnecter » (a same-origin POST, one tap).
 */
import { frenchTypography } from "../../lib/typography"
import { escapeHtml } from "../http/html"
import type { Check, Link, Step, Tone } from "./checks"

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

export function checklistPage(base: string, checks: readonly Check[]): string {
  const studio = studioOf(base)
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="color-scheme" content="light dark">
<title>Mise en ligne · maxAi</title>
<link rel="icon" href="${studioOf(studio)}/favicon-32x32.png" type="image/png">
<link rel="stylesheet" href="${base}/mise-en-ligne.css">
</head>
<body>
<header class="bar">
<a class="bar-title" href="${base}/">Mise en ligne</a>
<nav aria-label="Espace propriétaire">
<a href="${studio}/">Studio</a>
<a href="${studio}/demandes/">Demandes</a>
<form method="post" action="${studio}/logout"><button type="submit">Se déconnecter</button></form>
</nav>
</header>
<main id="contenu">
<h1>Avant la mise en ligne</h1>
<p class="lead">${words(verdict(checks))} Cette page se met à jour à chaque visite.</p>
<ol class="checks">
${checks.map(point).join("\n")}
</ol>
</main>
</body>
</html>
`
}
