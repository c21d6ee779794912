/**
 * Who the shop is, on every page and at the foot of every mail a seller gets (issue 48): the
 * name, postal address, SIRET, contact e-mail and phone of content/legal.json (the legal notice's
 * own fields, src/server/content.ts shopIdentity), the links to the legal notice and the privacy
 * policy, and why the identity is asked and who sees it.
 *
 * What must stay true: a stranger asked for an identity number and an IBAN sees, on the same
 * page, whom they give them to and why; the words are the legal notice's, never retyped here.
 */
import { escapeHtml } from "../http/html"
import type { ShopIdentity } from "../content"
import type { LetterDraft } from "./letters"

/** Why the acceptance asks for an identity, and who reads it (Code pénal 321-7; the privacy policy says the rest). */
export const IDENTITY_WHY =
  "Pourquoi nous demandons votre identité : la loi impose à tout professionnel qui achète d'occasion à un particulier d'inscrire chaque achat dans un registre (Code pénal, art. 321-7). Seuls notre équipe et, sur leur demande, la police, la gendarmerie et la justice peuvent le consulter. Aucune copie de votre pièce n'est demandée ; votre IBAN sert seulement à vous payer."

const LEGAL = "/mentions-legales/"
const PRIVACY = "/confidentialite/"

/** The shop's block at the foot of a seller's page. `root`: the site's path prefix ("" at the root). */
export function identityFooter(identity: ShopIdentity, root: string): string {
  const phone = identity.phone.replace(/[^\d+]/g, "")
  return `<footer class="shop" aria-labelledby="boutique">
<h2 id="boutique">Qui vous achète vos articles</h2>
<p><strong>${escapeHtml(identity.name)}</strong><br>${escapeHtml(identity.address)}<br>${escapeHtml(identity.registration)}</p>
<p>E-mail : <a href="mailto:${escapeHtml(identity.email)}">${escapeHtml(identity.email)}</a><br>Téléphone : ${
    phone ? `<a href="tel:${escapeHtml(phone)}">${escapeHtml(identity.phone)}</a>` : escapeHtml(identity.phone)
  }</p>
<p class="hint">${escapeHtml(IDENTITY_WHY)}</p>
<p class="links"><a href="${root}${LEGAL}">Mentions légales</a> · <a href="${root}${PRIVACY}">Politique de confidentialité</a></p>
</footer>`
}

/** The same, as the last lines of a mail. `site`: the shop's address with its prefix (https://exemple.fr). */
export function identityLines(identity: ShopIdentity, site: string): string {
  return [
    "—",
    identity.name,
    identity.address,
    identity.registration,
    `E-mail : ${identity.email} · Téléphone : ${identity.phone}`,
    `Mentions légales : ${site}${LEGAL}`,
    `Vos données : ${site}${PRIVACY}`,
  ].join("\n")
}

/** A mail to the seller with the shop's identity at its foot; a mail to the team as it is. */
export function signed(letter: LetterDraft, identity: ShopIdentity, site: string): LetterDraft {
  return letter.to === "seller" ? { ...letter, text: `${letter.text}\n\n${identityLines(identity, site)}` } : letter
}
