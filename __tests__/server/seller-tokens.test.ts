/**
 * @jest-environment node
 *
 * The seller's page under guessing (issue 49): a key is found through an index kept beside the
 * records (src/server/buyback/token-index.ts), so an unknown key costs the same with 25 requests
 * or 500 (a ratio of the two, not milliseconds); the index is rebuilt when lost, follows requests
 * added or erased, and never opens a request its record does not confirm; an address past 30
 * unknown keys a minute gets a 429 in French, while a seller's own key is still served from it.
 * Real files, a real socket.
 */
import express from "express"
import { cpSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs"
import type { Server } from "node:http"
import type { AddressInfo } from "node:net"
import { randomBytes } from "node:crypto"
import path from "node:path"
import { sellerRouter } from "../../src/server/buyback/seller-router"
import { Buybacks } from "../../src/server/buyback/store"
import { INDEX_FILE, TokenIndex } from "../../src/server/buyback/token-index"
import { Outbox } from "../../src/server/leads/outbox"
import { Register } from "../../src/server/register/register"
import { storeRequest } from "../helpers/buyback"
import { tempDir } from "../helpers/estimate-server"

jest.setTimeout(60_000)
const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
const idOf = (rank: number) =>
  `20261126-0900-${[0, 1, 2, 3, 4, 5].map((place) => ALPHABET[Math.floor(rank / ALPHABET.length ** place) % ALPHABET.length]).join("")}`
const unknownKey = () => randomBytes(16).toString("hex")

/** An outbox of `count` estimate requests, each with its record and key: one made for real, the others copied from it with keys of their own. */
async function outboxOf(count: number): Promise<{ buybacks: Buybacks; tokens: string[] }> {
  const dir = tempDir()
  const outbox = new Outbox(dir)
  const buybacks = new Buybacks(outbox, new Register(tempDir("maxai-registre-")))
  await storeRequest(outbox, idOf(0))
  const tokens = [(await buybacks.open(idOf(0)))!.buyback.token]
  const record = JSON.parse(readFileSync(path.join(dir, idOf(0), "buyback.json"), "utf8")) as { token: string }
  for (let rank = 1; rank < count; rank += 1) {
    const folder = path.join(dir, idOf(rank))
    cpSync(path.join(dir, idOf(0)), folder, { recursive: true })
    const lead = JSON.parse(readFileSync(path.join(folder, "lead.json"), "utf8")) as { id: string }
    writeFileSync(path.join(folder, "lead.json"), JSON.stringify({ ...lead, id: idOf(rank) }))
    tokens.push(unknownKey())
    writeFileSync(path.join(folder, "buyback.json"), JSON.stringify({ ...record, token: tokens.at(-1) }))
  }
  // A folder last changed a minute ago, as a shop's outbox is between two requests.
  const settled = new Date(Date.now() - 60_000)
  utimesSync(dir, settled, settled)
  return { buybacks, tokens }
}

/**
 * Milliseconds per unknown key, after one that builds the index: as many keys as fit in 30 ms (at
 * least 5, at most 300), so a pause of the machine weighs little on a lookup of a few microseconds.
 */
async function unknownKeyTime(buybacks: Buybacks): Promise<number> {
  await buybacks.findByToken(unknownKey())
  const start = performance.now()
  let rounds = 0
  while (rounds < 5 || (rounds < 300 && performance.now() - start < 30)) {
    expect(await buybacks.findByToken(unknownKey())).toBeNull()
    rounds += 1
  }
  return (performance.now() - start) / rounds
}

test("an unknown key costs the same with 25 requests or 500: the records are not read one by one", async () => {
  const few = await outboxOf(25)
  const many = await outboxOf(500)
  // Each size timed three times, interleaved, the fastest kept: the machine's load varies from second to second.
  const times = { few: Infinity, many: Infinity }
  for (let pass = 0; pass < 3; pass += 1) {
    times.few = Math.min(times.few, await unknownKeyTime(few.buybacks))
    times.many = Math.min(times.many, await unknownKeyTime(many.buybacks))
  }
  // Reading every record makes it 20 to 60 times slower; a lookup in the index, about the same.
  expect(times.many / times.few).toBeLessThan(4)
  // And the known keys are found, the first and the last.
  expect((await many.buybacks.findByToken(many.tokens[499]!))?.stored.lead.id).toBe(idOf(499))
  expect((await many.buybacks.findByToken(many.tokens[0]!))?.stored.lead.id).toBe(idOf(0))
})

test("the index is rebuilt when lost, follows requests added and erased, and opens nothing its record does not confirm", async () => {
  const { buybacks, tokens } = await outboxOf(3)
  const dir = buybacks.outbox.dir
  expect((await buybacks.findByToken(tokens[1]!))?.stored.lead.id).toBe(idOf(1))
  const file = path.join(dir, INDEX_FILE)
  const written = readFileSync(file, "utf8")
  for (const token of tokens) expect(written).not.toContain(token)

  // Lost (a new process, its file gone): rebuilt from the records.
  rmSync(file)
  expect((await new TokenIndex(buybacks).find(tokens[2]!))?.stored.lead.id).toBe(idOf(2))

  // Forged or stale: the hash of request 1's key said to be request 2's, request 0 erased.
  const index = JSON.parse(readFileSync(file, "utf8")) as { requests: Record<string, string> }
  writeFileSync(file, JSON.stringify({ version: 1, requests: { ...index.requests, [idOf(2)]: index.requests[idOf(1)], [idOf(1)]: null } }))
  rmSync(path.join(dir, idOf(0)), { recursive: true })
  const fresh = new TokenIndex(buybacks)
  expect(await fresh.find(tokens[0]!)).toBeNull()
  expect((await fresh.find(tokens[1]!))?.stored.lead.id).toBe(idOf(1))
  expect((await fresh.find(tokens[2]!))?.stored.lead.id).toBe(idOf(2))

  // A request added after the index was made is found at once.
  await storeRequest(buybacks.outbox, idOf(9))
  const added = (await buybacks.open(idOf(9)))!.buyback.token
  expect((await fresh.find(added))?.stored.lead.id).toBe(idOf(9))
})

describe("an address guessing keys", () => {
  let server: Server
  let base: string
  let token: string
  beforeAll(async () => {
    const made = await outboxOf(2)
    token = made.tokens[1]!
    const app = express()
    app.use(
      "/suivi",
      sellerRouter(() => made.buybacks),
    )
    server = app.listen(0, "127.0.0.1")
    await new Promise((resolve) => server.once("listening", resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/suivi`
  })
  afterAll(() => new Promise((resolve) => server.close(resolve)))

  it("gets a 404 for 30 unknown keys, a 429 in French for the 31st; the seller's own key is still served from the same address", async () => {
    for (let guess = 0; guess < 29; guess += 1) expect((await fetch(`${base}/${unknownKey()}/`)).status).toBe(404)
    // Malformed keys are guesses too.
    expect((await fetch(`${base}/pas-une-cle/`)).status).toBe(404)
    expect((await fetch(`${base}/${token}/`)).status).toBe(200)
    const refused = await fetch(`${base}/${unknownKey()}/`)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0)
    expect(refused.headers.get("cache-control")).toBe("no-store")
    expect(await refused.text()).toContain("Trop de liens de suivi inconnus ont été demandés depuis votre connexion")
    expect((await fetch(`${base}/${unknownKey()}/accepter`, { method: "POST" })).status).toBe(429)
    expect((await fetch(`${base}/${token}/`)).status).toBe(200)
  })
})
