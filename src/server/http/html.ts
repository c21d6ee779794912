/** The escape and the French typography of the HTML pages the server writes itself (the studio's login page, the inbox, the seller's page). */
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
