/**
 * The studio's words and formats (src/admin-rules/words.ts; issue 39): list rows written as the
 * site writes them, a one-item list's heading without the add button's article, and Decap's
 * French with the studio's phrases over it. e2e/studio-desk.spec.mjs sees them in the real studio.
 */
import { formatPrice } from "../src/lib/format"
import type { Phrases } from "../src/admin-rules/decap"
import { STUDIO_FRENCH, frenchSummary, listHeading, mergePhrases } from "../src/admin-rules/words"

test("a list row's price is written as the site writes it, other decimals with a comma; a number inside a word stays", () => {
  expect(frenchSummary("Lacoste · Polo L.12.12 blanc classique · 47.5 €")).toBe(`Lacoste · Polo L.12.12 blanc classique · ${formatPrice(47.5)}`)
  expect(frenchSummary("Lacoste · Polo · 45 €")).toBe("Lacoste · Polo · 45,00\u00a0€")
  expect(frenchSummary("Authenticité : 99.5 %")).toBe("Authenticité : 99,5 %")
  expect(frenchSummary("99.8 clients satisfaits")).toBe("99,8 clients satisfaits")
  expect(frenchSummary("Version 2 du polo")).toBe("Version 2 du polo")
  expect(frenchSummary("Polo L.12.12 · 1200 €")).toBe("Polo L.12.12 · 1\u202f200,00\u00a0€")
})

test("a row already in French is left as it is (Decap's rows are rewritten each time it draws them)", () => {
  for (const text of ["Lacoste · Polo · 47,50\u00a0€", "Authenticité : 99,5 %", "Polo L.12.12 · 1\u202f200,00\u00a0€"]) {
    expect(frenchSummary(text)).toBe(text)
  }
})

test("a one-item list is headed « 1 article », its add button keeping « Ajouter un article »", () => {
  expect(listHeading("1 un article")).toBe("1 article")
  expect(listHeading("1 une question reconnue")).toBe("1 question reconnue")
  expect(listHeading("15 articles vendus")).toBe("15 articles vendus")
  expect(listHeading("1 article")).toBe("1 article")
})

test("the studio's phrases go over Decap's French, the rest kept; none says « Oops » or an English word Decap's French lacks", () => {
  const decap = {
    ui: { toast: { missingRequiredField: "Oops, il manque un champ requis.", entrySaved: "Entrée enregistrée" } },
    editor: { editorControlPane: { widget: { required: "Le champ %{fieldLabel} est requis." } } },
  }
  const merged = mergePhrases(decap, STUDIO_FRENCH)
  expect(merged.ui).toMatchObject({ toast: { missingRequiredField: expect.not.stringMatching(/oops/i), entrySaved: "Entrée enregistrée" } })
  expect(merged.editor).toMatchObject({
    editorControlPane: { widget: { required: "Le champ %{fieldLabel} est requis.", regexPattern: "%{fieldLabel} : %{pattern}" } },
  })
  expect(decap.ui.toast.missingRequiredField).toBe("Oops, il manque un champ requis.")
  const phrases = (tree: Phrases): string[] => Object.values(tree).flatMap((value) => (typeof value === "string" ? [value] : phrases(value)))
  for (const phrase of phrases(STUDIO_FRENCH)) expect(phrase.replace(/%{\w+}/g, "")).not.toMatch(/oops|\(s\)|dropdown|option|field/i)
})
