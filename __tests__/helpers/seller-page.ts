/**
 * A buy-back request offered to its seller (35,50 € for its one garment) and the seller's private
 * page (/suivi/<token>/) served on a real socket, the way the host mounts it: for the tests that
 * post the seller's forms. Real files in a temporary outbox and register.
 */
import express from "express"
import type { Server } from "node:http"
import type { AddressInfo } from "node:net"
import { leadGarments } from "../../src/contract/garments"
import { makeOffer } from "../../src/server/buyback/offer-steps"
import { sellerRouter } from "../../src/server/buyback/seller-router"
import { Buybacks } from "../../src/server/buyback/store"
import { Outbox } from "../../src/server/leads/outbox"
import { Register } from "../../src/server/register/register"
import { offerForm, storeRequest } from "./buyback"
import { tempDir } from "./estimate-server"

export type OfferedSale = {
  /** The outbox's folder (the request's buyback.json is in `<dir>/<id>/`). */
  dir: string
  /** The seller's page, ending with « / » (its forms post to `${page}accepter`…). */
  page: string
  /** The offer's version the page shows: posted with a form, so it is judged on what was typed. */
  version: string
  close: () => Promise<void>
}

export async function offeredSale(id: string): Promise<OfferedSale> {
  const dir = tempDir()
  const outbox = new Outbox(dir)
  const buybacks = new Buybacks(outbox, new Register(tempDir("maxai-registre-")))
  await storeRequest(outbox, id)
  const { token } = (await buybacks.open(id))!.buyback
  await buybacks.apply(id, (buyback, stored) => makeOffer(buyback, offerForm(["35,50"]), new Date(), leadGarments(stored.lead)))
  const version = String((await buybacks.read(id))!.terms ?? 0)
  const served = await serveSellerPages(() => buybacks)
  return { dir, page: `${served.base}/${token}/`, version, close: served.close }
}

/** The sellers' pages over `buybacks`, mounted at /suivi as the host mounts them, on a real socket of 127.0.0.1. */
export async function serveSellerPages(buybacks: () => Buybacks): Promise<{ base: string; close: () => Promise<void> }> {
  const app = express()
  app.use("/suivi", sellerRouter(buybacks))
  const server: Server = app.listen(0, "127.0.0.1")
  await new Promise((resolve) => server.once("listening", resolve))
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/suivi`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
