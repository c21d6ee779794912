/**
 * No lost update between two devices (docs/studio.md#no-lost-update-between-two-devices; src/server/studio/merge.ts), in the real
 * studio on the site's own server: the sold items open on the owner's phone (390 × 844, by
 * touch) and on the computer (1440 × 900). The phone changes the first price and publishes; the
 * computer, still showing the list as it loaded it, changes the second price: both changes are
 * kept. The phone, which never saw the computer's change, then changes that same second price:
 * refused in French, and the file keeps the computer's price. Never a silent revert.
 */
import assert from "node:assert/strict"
import { test } from "@playwright/test"
import { useStudio } from "./lib/studio.mjs"
import { field, PHONE, publishByTap, recordNotifications, untilNotified } from "./lib/studio-gestures.mjs"

const { openAdmin, expandItem, publish, readSoldItems, untilOnDisk } = useStudio("studio-two-devices")
const SOLD_ITEMS = "#/collections/listes/entries/sold-items"
const FIRST_ITEM = /^Lacoste · Polo L\.12\.12 blanc classique/
const SECOND_ITEM = /^Ralph Lauren · Polo Custom Fit bleu marine/
const CONFLICT = "Cet article a été modifié sur un autre appareil depuis que vous l'avez ouvert : rechargez la page pour voir la dernière version."

test("a stale device's change to another item is merged, its change to an item changed elsewhere is refused in French, never reverted", async () => {
  // Two studios start (Decap's bundle is 5 MB each): minutes on a busy machine.
  test.slow()
  const before = readSoldItems().items
  const phone = await openAdmin(SOLD_ITEMS, PHONE)
  const computer = await openAdmin(SOLD_ITEMS)
  // Both have loaded the list before either saves.
  await Promise.all([
    phone.page.getByRole("button", { name: "Supprimer de la liste" }).first().waitFor({ timeout: 60000 }),
    computer.page.getByRole("button", { name: "Supprimer de la liste" }).first().waitFor({ timeout: 60000 }),
  ])

  await expandItem(phone.page, FIRST_ITEM)
  await field(phone.page, "Prix (€)").fill("33")
  await publishByTap(phone.page)
  await untilOnDisk((data) => data.items[0].price === 33)

  await expandItem(computer.page, SECOND_ITEM)
  await field(computer.page, "Prix (€)").fill("60")
  await publish(computer.page)
  await untilOnDisk((data) => data.items[1].price === 60)
  assert.deepEqual(readSoldItems().items[0], { ...before[0], price: 33 }, "le prix du téléphone reste")

  await recordNotifications(phone.page)
  await expandItem(phone.page, SECOND_ITEM)
  await field(phone.page, "Prix (€)").fill("61")
  await publishByTap(phone.page)
  await untilNotified(phone.page, CONFLICT)
  const after = readSoldItems().items
  assert.equal(after[1].price, 60, "le prix de l'ordinateur n'est pas écrasé")
  assert.equal(after[0].price, 33)
  await Promise.all([phone.context.close(), computer.context.close()])
})
