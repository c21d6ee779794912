/**
 * @jest-environment node
 *
 * Two devices, one list (src/server/studio/merge.ts): what a stale save changed is applied on top
 * of the newer version when the two touched different items or fields; the same field changed on
 * both is a conflict, never a silent revert.
 */
import { mergeSave, MergeConflict } from "../../../src/server/studio/merge"

type Item = { id: number; title: string; price: number }
const list = (...items: Item[]) => ({ heading: { title: "Vendus" }, items })
const polo: Item = { id: 1, title: "Polo", price: 35 }
const shirt: Item = { id: 2, title: "Chemise", price: 40 }
const pull: Item = { id: 3, title: "Pull", price: 55 }
const base = list(polo, shirt, pull)

test("different items changed on each device: both changes kept", () => {
  const phone = list({ ...polo, price: 33 }, shirt, pull)
  const computer = list(polo, { ...shirt, title: "Chemise Oxford" }, pull)
  expect(mergeSave(base, phone, computer)).toEqual(list({ ...polo, price: 33 }, { ...shirt, title: "Chemise Oxford" }, pull))
})

test("different fields of the same item: both kept", () => {
  const phone = list({ ...polo, price: 33 }, shirt, pull)
  const computer = list({ ...polo, title: "Polo piqué" }, shirt, pull)
  expect(mergeSave(base, phone, computer)).toEqual(list({ id: 1, title: "Polo piqué", price: 33 }, shirt, pull))
})

test("the same field changed on both devices to different values is a conflict", () => {
  const phone = list({ ...polo, price: 33 }, shirt, pull)
  const computer = list({ ...polo, price: 30 }, shirt, pull)
  expect(() => mergeSave(base, phone, computer)).toThrow(MergeConflict)
  // The same new value on both: nothing to choose.
  expect(mergeSave(base, phone, phone)).toEqual(phone)
})

test("an item deleted on one device and changed on the other is a conflict; deleted and untouched stays deleted", () => {
  expect(() => mergeSave(base, list(polo, pull), list(polo, { ...shirt, price: 42 }, pull))).toThrow(MergeConflict)
  expect(mergeSave(base, list(polo, pull), list({ ...polo, price: 36 }, shirt, pull))).toEqual(list({ ...polo, price: 36 }, pull))
})

test("items added on each device are both kept, first (the later save's first, as a new item comes first)", () => {
  const jacket: Item = { id: 4, title: "Veste", price: 80 }
  const scarf: Item = { id: 5, title: "Écharpe", price: 20 }
  expect(mergeSave(base, list(jacket, polo, shirt, pull), list(scarf, polo, shirt, pull))).toEqual(list(scarf, jacket, polo, shirt, pull))
  // The same number given to two different new items (both devices numbered the next one): a conflict.
  expect(() => mergeSave(base, list({ ...jacket }, polo, shirt, pull), list({ ...jacket, title: "Blouson" }, polo, shirt, pull))).toThrow(MergeConflict)
})

test("a reordering on one device and a price on the other: both kept; two different reorderings conflict", () => {
  const reordered = list(pull, polo, shirt)
  expect(mergeSave(base, reordered, list(polo, { ...shirt, price: 42 }, pull))).toEqual(list(pull, polo, { ...shirt, price: 42 }))
  expect(mergeSave(base, list(polo, { ...shirt, price: 42 }, pull), reordered)).toEqual(list(pull, polo, { ...shirt, price: 42 }))
  expect(() => mergeSave(base, reordered, list(shirt, pull, polo))).toThrow(MergeConflict)
})

test("lists without numbers merge place by place, and conflict once their length changed on one side", () => {
  const steps = { steps: ["Photo", "Estimation", "Envoi"], title: "Comment" }
  expect(mergeSave(steps, { ...steps, title: "Comment ça marche" }, { ...steps, steps: ["Photos", "Estimation", "Envoi"] })).toEqual({
    title: "Comment ça marche",
    steps: ["Photos", "Estimation", "Envoi"],
  })
  expect(() => mergeSave(steps, { ...steps, steps: ["Photo", "Envoi"] }, { ...steps, steps: ["Photos", "Estimation", "Envoi"] })).toThrow(MergeConflict)
})
