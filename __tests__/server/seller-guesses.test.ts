/**
 * @jest-environment node
 *
 * Unknown seller's keys guessed from many addresses (issue 59): counted per address, per network
 * (/24, /64) and for everyone together, so a guesser rotating through the addresses of one block,
 * or spread over many, meets a 429 too; a seller's own key is never counted nor refused. On a real
 * socket, the guessers are distinct loopback addresses (127.0.0.x), as distinct clients.
 */
import express from "express"
import { request, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { Buybacks } from "../../src/server/buyback/store"
import { GuessLimit, GUESSES, networkOf } from "../../src/server/buyback/guesses"
import { sellerRouter } from "../../src/server/buyback/seller-router"
import { Outbox } from "../../src/server/leads/outbox"
import { Register } from "../../src/server/register/register"
import { storeRequest } from "../helpers/buyback"
import { tempDir } from "../helpers/estimate-server"

const unknownKey = () => Array.from({ length: 32 }, () => "0123456789abcdef"[Math.floor(Math.random() * 16)]).join("")

test("an address's network: its /24 in IPv4 (mapped too), its /64 in IPv6", () => {
  expect(networkOf("198.51.100.7")).toBe("198.51.100.0/24")
  expect(networkOf("::ffff:198.51.100.200")).toBe("198.51.100.0/24")
  expect(networkOf("2001:db8::1")).toBe("2001:db8:0:0::/64")
  expect(networkOf("2001:0db8:0000:0000:ffff::2")).toBe("2001:db8:0:0::/64")
  expect(networkOf("2001:db8:0:1::2")).toBe("2001:db8:0:1::/64")
})

test("20 addresses of one /24, each under its own limit, meet the network's; another network is still answered", () => {
  const limit = new GuessLimit()
  const now = Date.parse("2026-11-26T10:00:00Z")
  const waits: number[] = []
  for (let host = 1; host <= 20; host += 1) for (let guess = 0; guess < 10; guess += 1) waits.push(limit.miss(`203.0.113.${host}`, now))
  expect(waits.slice(0, GUESSES.perNetwork).every((wait) => wait === 0)).toBe(true)
  expect(waits.slice(GUESSES.perNetwork).every((wait) => wait > 0)).toBe(true)
  expect(limit.miss("198.51.100.1", now)).toBe(0)
  // The same across an IPv6 /64.
  for (let host = 0; host < GUESSES.perNetwork; host += 1) limit.miss(`2001:db8:1:2::${host.toString(16)}`, now)
  expect(limit.miss("2001:db8:1:2::ffff", now)).toBeGreaterThan(0)
  // A minute later, everything is answered again.
  expect(limit.miss("203.0.113.1", now + GUESSES.windowMs)).toBe(0)
})

test("guesses spread over many networks meet the ceiling of everyone together", () => {
  const limit = new GuessLimit()
  const now = Date.parse("2026-11-26T10:00:00Z")
  for (let guess = 0; guess < GUESSES.overall; guess += 1) expect(limit.miss(`10.${guess >> 8}.${guess & 255}.1`, now)).toBe(0)
  expect(limit.miss("192.0.2.1", now)).toBeGreaterThan(0)
})

describe("on a real socket, from distinct loopback addresses", () => {
  let server: Server
  let port: number
  let token: string
  beforeAll(async () => {
    const outbox = new Outbox(tempDir())
    const buybacks = new Buybacks(outbox, new Register(tempDir("maxai-registre-")))
    await storeRequest(outbox, "20261126-0900-K7Q2MX")
    token = (await buybacks.open("20261126-0900-K7Q2MX"))!.buyback.token
    const app = express()
    app.use(
      "/suivi",
      sellerRouter(() => buybacks, new GuessLimit({ perAddress: 30, perNetwork: 40 })),
    )
    server = app.listen(0, "127.0.0.1")
    await new Promise((resolve) => server.once("listening", resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(() => new Promise((resolve) => server.close(resolve)))

  /** GET the seller's page of `key` from the loopback address `from`; its status. */
  const statusFrom = (from: string, key: string) =>
    new Promise<number>((resolve, reject) => {
      const asked = request({ host: "127.0.0.1", port, path: `/suivi/${key}/`, localAddress: from, agent: false }, (answer) => {
        answer.resume()
        resolve(answer.statusCode ?? 0)
      })
      asked.on("error", reject)
      asked.end()
    })

  it("four addresses of 127.0.0.0/24 with 10 guesses each: the network's 41st is a 429, the seller's own key still served", async () => {
    const statuses: number[] = []
    for (const host of [2, 3, 4, 5]) for (let guess = 0; guess < 10; guess += 1) statuses.push(await statusFrom(`127.0.0.${host}`, unknownKey()))
    expect(statuses.every((status) => status === 404)).toBe(true)
    expect(await statusFrom("127.0.0.6", unknownKey())).toBe(429)
    expect(await statusFrom("127.0.0.6", token)).toBe(200)
  })
})
