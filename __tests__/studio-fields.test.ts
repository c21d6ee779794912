/**
 * @jest-environment node
 *
 * The studio's own fields (src/admin-rules/widgets.ts): a decimal typed the French way or not,
 * shown back with a comma, refused in French when it is not a number or out of range; a new
 * list entry's number. e2e/studio-rules.spec.mjs uses them in the real studio.
 */
import { decimalProblem, frenchDecimal, listAwaitingNumber } from "../src/admin-rules/widgets"

const PRICE = { label: "Prix (€)", min: 0.01, max: 2000 }

test("a decimal is shown the French way; a text as typed", () => {
  expect([12.5, 45, 0.01, "12,5a", undefined, null].map(frenchDecimal)).toEqual(["12,5", "45", "0,01", "12,5a", "", ""])
})

test("« 12,50 » and « 12.50 » are prices; anything else is named in French, as is a price out of range", () => {
  expect(decimalProblem("12,50", PRICE)).toBeNull()
  expect(decimalProblem(" 12.50 € ", PRICE)).toBeNull()
  expect(decimalProblem("", PRICE)).toBeNull()
  expect(decimalProblem("12,5a", PRICE)).toBe("Le champ Prix (€) attend un nombre, par exemple 12,50 (reçu « 12,5a »).")
  expect(decimalProblem("4500", PRICE)).toBe("Le champ Prix (€) doit être compris entre 0,01 et 2000.")
  expect(decimalProblem("0", PRICE)).toBe("Le champ Prix (€) doit être compris entre 0,01 et 2000.")
  expect(decimalProblem("7", { label: "Note", max: 5 })).toBe("Le champ Note doit valoir 5 ou moins.")
  expect(decimalProblem("7", { label: "Nombre" })).toBeNull()
})

test("the list waiting for a number is the one holding an entry without one", () => {
  const items = [{ title: "nouveau" }, { id: 4 }, { id: 9 }]
  expect(listAwaitingNumber({ heading: { title: "Galerie" }, items })).toBe(items)
  expect(listAwaitingNumber({ heading: { title: "Galerie" }, items: [{ id: 4 }] })).toBeNull()
  expect(listAwaitingNumber({ items: [{ id: "" }, { id: 2 }] })).toEqual([{ id: "" }, { id: 2 }])
})
