/**
 * @jest-environment node
 *
 * Invisible characters out of the seller's identity (issue 49): zero-width spaces and joiners, the
 * byte order mark, soft hyphens and direction overrides typed or pasted into the acceptance form
 * never reach the record the register is written from. Over the seller's page, real files.
 */
import express from "express"
import { readFileSync } from "node:fs"
import type { Server } from "node:http"
import type { AddressInfo } from "node:net"
import path from "node:path"
import { withoutInvisibles } from "../../src/contract/text"
import { leadGarments } from "../../src/contract/garments"
import { makeOffer } from "../../src/server/buyback/offer-steps"
import { sellerRouter } from "../../src/server/buyback/seller-router"
import { Buybacks } from "../../src/server/buyback/store"
import { Outbox } from "../../src/server/leads/outbox"
import { Register } from "../../src/server/register/register"
import { offerForm, SELLER_FORM, storeRequest } from "../helpers/buyback"
import { tempDir } from "../helpers/estimate-server"

const ID = "20261126-0900-K7Q2MX"
const HIDDEN = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u202e", "\u2066", "\u200f"]

test("every character that draws nothing, or turns the text around, is dropped", () => {
  expect(withoutInvisibles(`\ufeffDu${HIDDEN.join("")}pont`)).toBe("Dupont")
  expect(withoutInvisibles("Élodie Marie-Claire d'Arc")).toBe("Élodie Marie-Claire d'Arc")
})

test("the seller's accepted identity is stored without them", async () => {
  const dir = tempDir()
  const outbox = new Outbox(dir)
  const buybacks = new Buybacks(outbox, new Register(tempDir("maxai-registre-")))
  await storeRequest(outbox, ID)
  const { token } = (await buybacks.open(ID))!.buyback
  await buybacks.apply(ID, (buyback, stored) => makeOffer(buyback, offerForm(["35,50"]), new Date(), leadGarments(stored.lead)))
  const version = String((await buybacks.read(ID))!.terms ?? 0)
  const app = express()
  app.use(
    "/suivi",
    sellerRouter(() => buybacks),
  )
  const server: Server = app.listen(0, "127.0.0.1")
  await new Promise((resolve) => server.once("listening", resolve))
  try {
    const disguised = {
      ...SELLER_FORM,
      nom: "\ufeffMar\u200btin",
      prenom: "Cla\u2060ire\u200d",
      piece_numero: "X4RT\u00adBPFW4",
      piece_autorite: "Préfecture du \u202eRhône",
      version,
    }
    const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/suivi/${token}/accepter`, {
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
    await new Promise((resolve) => server.close(resolve))
  }
})
