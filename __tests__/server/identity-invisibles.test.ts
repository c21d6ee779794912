/**
 * @jest-environment node
 *
 * Invisible characters out of the seller's identity (issue 49): zero-width spaces and joiners, the
 * byte order mark, soft hyphens and direction overrides typed or pasted into the acceptance form
 * never reach the record the register is written from. Over the seller's page, real files.
 */
import { readFileSync } from "node:fs"
import path from "node:path"
import { withoutInvisibles } from "../../src/contract/text"
import { SELLER_FORM } from "../helpers/buyback"
import { offeredSale } from "../helpers/seller-page"
import { clockAt } from "../helpers/clock"

// The test's "now" (never the machine's date): a Thursday morning in November 2026, as its fixtures.
clockAt("2026-11-26T10:00:00Z")

const ID = "20261126-0900-K7Q2MX"
const HIDDEN = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u202e", "\u2066", "\u200f"]

test("every character that draws nothing, or turns the text around, is dropped", () => {
  expect(withoutInvisibles(`\ufeffDu${HIDDEN.join("")}pont`)).toBe("Dupont")
  expect(withoutInvisibles("Élodie Marie-Claire d'Arc")).toBe("Élodie Marie-Claire d'Arc")
})

test("the seller's accepted identity is stored without them", async () => {
  const { dir, page, version, close } = await offeredSale(ID)
  try {
    const disguised = {
      ...SELLER_FORM,
      nom: "\ufeffMar\u200btin",
      prenom: "Cla\u2060ire\u200d",
      piece_numero: "X4RT\u00adBPFW4",
      piece_autorite: "Préfecture du \u202eRhône",
      version,
    }
    const answer = await fetch(`${page}accepter`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(disguised).toString(),
    })
    expect(answer.status).toBe(303)
    const stored = readFileSync(path.join(dir, ID, "buyback.json"), "utf8")
    expect(stored).not.toMatch(/[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/)
    expect(JSON.parse(stored)).toMatchObject({
      seller: { surname: "Martin", first_names: "Claire", id_number: "X4RTBPFW4", id_authority: "Préfecture du Rhône" },
    })
  } finally {
    await close()
  }
})
