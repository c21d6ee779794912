/**
 * The studio's words and formats (docs/studio.md#the-studios-words; issue 39): what Decap's own French says
 * badly or in English, and its list rows written the site's way.
 * - `STUDIO_FRENCH` replaces phrases of Decap's French (registered over it before Decap starts):
 *   the save refused for a field in error says so without « Oops », a field's pattern refusal is
 *   the field's own sentence, plurals without « (s) », the English labels Decap's French lacks.
 * - `frenchSummary` writes the numbers of a list row (Decap's summary templates cannot format a
 *   number: « {{fields.price}} € » gives « 47.5 € ») as the site does: a price « 47,50 € » (the
 *   site's formatPrice), any other decimal with a comma (« 99,8 % »); a number inside a word
 *   (« L.12.12 ») is the owner's own text and stays.
 * - `listHeading`: a list's add button says « Ajouter un article » because its `label_singular`
 *   carries the article (config.yml; __tests__/admin-config.test.ts holds every list to it);
 *   Decap also heads a one-item list with that word, « 1 un article », which becomes « 1 article ».
 * What must stay true: nothing here changes what Decap saves; only text on the screen.
 */
import { formatPrice } from "../lib/format"
import type { DecapWindow, Phrases } from "./decap"

export const STUDIO_FRENCH: Phrases = {
  app: { header: { media: "Médias" } },
  collection: { collectionTop: { viewAsList: "Afficher en liste", viewAsGrid: "Afficher en grille" } },
  editor: {
    // Each field's box is named for screen readers; Decap's name is its widget's (« string field »).
    editorControl: { field: { widgetLabel: "Champ" } },
    editorControlPane: {
      widget: {
        // The pattern's message (config.yml) is a whole French sentence naming what is expected.
        regexPattern: "%{fieldLabel} : %{pattern}",
        rangeCount: "%{fieldLabel} : entre %{minCount} et %{maxCount} éléments.",
        rangeCountExact: "%{fieldLabel} : exactement %{count} éléments.",
        rangeMin: "%{fieldLabel} : au moins %{minCount} éléments.",
        rangeMax: "%{fieldLabel} : %{maxCount} éléments au plus.",
      },
    },
    editorToolbar: { publishing: "Publication…", status: "Statut\u00a0: %{status}" },
    editorWidgets: {
      object: { expand: "Ouvrir", collapse: "Fermer" },
      image: { chooseMultiple: "Choisir des images", addMore: "Ajouter des images", removeAll: "Retirer toutes les images" },
    },
  },
  mediaLibrary: {
    mediaLibrary: { onDelete: "Supprimer la photo choisie ?" },
    mediaLibraryModal: { close: "Fermer" },
  },
  ui: {
    settingsDropdown: { account: "Menu du compte" },
    toast: {
      missingRequiredField: "Rien n'est enregistré : corrigez le champ signalé en rouge, puis publiez à nouveau.",
      onLoggedOut: "Vous avez été déconnecté : copiez vos modifications avant de vous reconnecter.",
    },
  },
}

/** `base` with `extra`'s phrases over it, at any depth (neither is changed). */
export function mergePhrases(base: Phrases, extra: Phrases): Phrases {
  const merged: Record<string, string | Phrases> = { ...base }
  for (const [key, value] of Object.entries(extra)) {
    const under = merged[key]
    merged[key] = typeof value === "object" && typeof under === "object" ? mergePhrases(under, value) : value
  }
  return merged
}

/** A number standing alone (at the start or after a space or « ), with a decimal point, maybe followed by « € ». */
const LONE_NUMBER = /(^|[\s«(])(\d+)(?:\.(\d+))?(?=( ?€)?(?=$|[\s»),;:!?%]))( ?€)?/g

/** A list row's text with its numbers written the French way: « 47.5 € » → « 47,50 € », « 99.8 % » → « 99,8 % ». */
export function frenchSummary(text: string): string {
  return text.replace(LONE_NUMBER, (whole: string, before: string, integer: string, decimals: string | undefined, euro: string | undefined) => {
    if (euro) return before + formatPrice(Number(`${integer}.${decimals ?? "0"}`))
    return decimals === undefined ? whole : `${before}${integer},${decimals}`
  })
}

/** « 1 un article » (Decap's heading of a one-item list, from `label_singular`) → « 1 article ». */
export function listHeading(text: string): string {
  return text.replace(/^1 une? /, "1 ")
}

/** Decap's list rows (collapsed items) and list headings, by their component names (see static/admin/studio.css). */
const SUMMARY = '[class*="-NestedObjectLabel"]'
const HEADING = '[class*="-TopBarContainer"]'

function rewrite(root: ParentNode, selector: string, rule: (text: string) => string): void {
  for (const element of root.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.nodeValue ?? ""
      const french = rule(text)
      if (french !== text) node.nodeValue = french
    }
  }
}

/** Decap's French with the studio's phrases over it, and its list rows rewritten whenever Decap draws them. */
export function registerFrench(decap: DecapWindow): void {
  const own = decap.CMS.getLocale("fr")
  decap.CMS.registerLocale("fr", own ? mergePhrases(own, STUDIO_FRENCH) : STUDIO_FRENCH)
  let pending = false
  const tidy = () => {
    pending = false
    rewrite(document, SUMMARY, frenchSummary)
    rewrite(document, HEADING, listHeading)
  }
  new MutationObserver(() => {
    if (pending) return
    pending = true
    window.requestAnimationFrame(tidy)
  }).observe(document.documentElement, { childList: true, subtree: true, characterData: true })
}
