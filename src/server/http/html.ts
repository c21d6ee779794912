/**
 * What the HTML pages the server writes itself share (the owner's rooms, the seller's page): the
 * escape, the French typography, and the document's start with its <head>.
 */
import { frenchTypography } from "../../lib/typography"

/** Text placed in HTML the server writes itself (the studio's login page, the inbox): every character that could open markup or end an attribute becomes a character reference. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}

/**
 * The site's French typography (no-break spaces before : ? ! and inside « », src/lib/typography.ts)
 * over a page's text only: never inside a tag (a percent-encoded address would break) nor a
 * <textarea> (what the owner or the seller typed is given back as typed).
 */
export function withTypography(html: string): string {
  let inTextarea = false
  return html
    .split(/(<[^>]*>)/)
    .map((part) => {
      if (part.startsWith("<")) {
        if (/^<textarea\b/i.test(part)) inTextarea = true
        else if (/^<\/textarea\b/i.test(part)) inTextarea = false
        return part
      }
      return inTextarea ? part : frenchTypography(part)
    })
    .join("")
}

export type HeadOptions = {
  /** The page's own title, plain text (escaped here); « · maxAi » follows it. */
  readonly title: string
  /** The site's root with its path prefix ("" or "/boutique"): where the site's icon is. */
  readonly root: string
  /** Stylesheets, in order, by address (the pages' policy allows styles from this site only, none inline). */
  readonly stylesheets: readonly string[]
  /** One deferred script, by address, if the page has one. */
  readonly script?: string
  /** A page whose address is a key (the seller's): the browser sends it to no other site. */
  readonly noReferrer?: boolean
}

/**
 * The start of every page the server writes for the owner or a seller, up to <body>: French, sized
 * for a phone, never indexed, light or dark as the device is set, and the site's icon named (without
 * it the browser asks for /favicon.ico, which the site does not have: a 404 on every visit).
 */
export function documentStart({ title, root, stylesheets, script, noReferrer = false }: HeadOptions): string {
  return [
    "<!doctype html>",
    '<html lang="fr">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    ...(noReferrer ? ['<meta name="referrer" content="no-referrer">'] : []),
    '<meta name="color-scheme" content="light dark">',
    `<title>${escapeHtml(title)} · maxAi</title>`,
    `<link rel="icon" href="${root}/favicon-32x32.png" type="image/png">`,
    ...stylesheets.map((href) => `<link rel="stylesheet" href="${href}">`),
    ...(script ? [`<script src="${script}" defer></script>`] : []),
    "</head>",
  ].join("\n")
}

/**
 * A form sent back refused lands on its first problem, not at the top of a long page: the first
 * field marked aria-invalid gets `autofocus` (the browser scrolls to it and focuses it, without
 * JavaScript), else the refusal's message (`class="problem"`), made focusable. Unchanged without either.
 * What must stay true: the fields are marked by the pages' own helpers (aria-invalid="true" with the
 * error beside them), so the focus goes where the message is.
 */
export function focusFirstProblem(html: string): string {
  const field = /<(input|select|textarea)\b(?=[^>]*\saria-invalid="true")/.exec(html)
  if (field) return `${html.slice(0, field.index)}<${field[1]} autofocus${html.slice(field.index + field[0].length)}`
  const message = /<p class="problem"/.exec(html)
  if (message) return `${html.slice(0, message.index)}<p class="problem" tabindex="-1" autofocus${html.slice(message.index + message[0].length)}`
  return html
}
