/**
 * The reception's form shows each garment's own photos beside its fields (src/server/inbox/buyback-forms.ts):
 * the owner checks the garment received against what the seller sent, without scrolling back to
 * the request's photos; each thumbnail opens the original.
 */
import { receptionForm } from "../../src/server/inbox/buyback-forms"
import { accepted } from "../helpers/buyback-steps"
import { TWO_GARMENTS } from "../helpers/buyback"

const ACTION = "/admin/demandes/20261126-0900-K7Q2MX"

test("each garment's fieldset holds its own photos, linked to the originals; a garment without photos shows none", () => {
  const garments = [
    { ...TWO_GARMENTS[0]!, photos: ["photo-1.jpg"] },
    { ...TWO_GARMENTS[1]!, photos: ["photo-2.jpg", "photo-3.jpg"] },
  ]
  document.body.innerHTML = receptionForm(
    { record: accepted(), garments, ranges: [null, null], sellerUrl: "", registerUrl: "", postageCap: null, now: new Date("2026-11-27T10:00:00Z") },
    ACTION,
  )
  const [first, second] = [...document.querySelectorAll("fieldset.garment")]
  const links = (fieldset: Element | undefined) => [...(fieldset?.querySelectorAll(".reception-photos a") ?? [])].map((link) => link.getAttribute("href"))
  expect(links(first)).toEqual([`${ACTION}/photos/photo-1.jpg`])
  expect(links(second)).toEqual([`${ACTION}/photos/photo-2.jpg`, `${ACTION}/photos/photo-3.jpg`])
  expect(second?.querySelector("img")?.getAttribute("alt")).toBe("Article 2, photo 1 (ouvrir l'original)")

  document.body.innerHTML = receptionForm(
    {
      record: accepted(),
      garments: [...TWO_GARMENTS],
      ranges: [null, null],
      sellerUrl: "",
      registerUrl: "",
      postageCap: null,
      now: new Date("2026-11-27T10:00:00Z"),
    },
    ACTION,
  )
  expect(document.querySelectorAll(".reception-photos")).toHaveLength(0)
})
