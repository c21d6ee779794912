/**
 * @jest-environment node
 *
 * The anti-spam proof-of-work on the server (src/server/proof-of-work/): a solved challenge passes
 * once; an expired, replayed, forged or missing one is refused in French and nothing is stored;
 * LEADS_PROOF_OF_WORK=off lets everything through. Solutions are computed with altcha-lib's own
 * solver, as the browser does.
 */
import { readdirSync } from "node:fs"
import { solveChallenge, type Challenge } from "altcha-lib"
import { deriveKey } from "altcha-lib/algorithms/sha"
import { receiveContact } from "../../src/server/contact/receive"
import { createLeadsService } from "../../src/server/leads/service"
import { handleChallenge } from "../../src/server/proof-of-work/challenge"
import { CHALLENGE_TTL_S, createProofOfWork, SOLVE_COUNTER } from "../../src/server/proof-of-work/guard"
import { SpentChallenges } from "../../src/server/proof-of-work/spent"
import { estimateForm, JPEG, post, startEstimateServer, testConfig } from "../helpers/estimate-server"
import { clockAt } from "../helpers/clock"

// The test's "now" (never the machine's date), running with real time: challenges expire from it.
clockAt("2026-11-26T10:00:00Z")

const SECRET = "une-clé-de-test-assez-longue-pour-servir"

async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey })
  if (!solution) throw new Error("not solved")
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64")
}

const refusal = (error: string) => ({ status: 400, body: { error, message: expect.stringMatching(/anti-spam/) }, headers: { "Cache-Control": "no-store" } })

describe("the check", () => {
  const guard = createProofOfWork({ enabled: true, secret: SECRET })

  it("accepts a solved challenge once; the same solution again is refused", async () => {
    const payload = await solve(await guard.challenge())
    expect(await guard.check(payload)).toBeNull()
    expect(await guard.check(payload)).toEqual(refusal("proof_of_work_replayed"))
  })

  it("costs the browser a bounded number of hashes, within the documented range", async () => {
    const challenge = await guard.challenge()
    const solution = await solveChallenge({ challenge, deriveKey })
    expect(solution!.counter).toBeGreaterThanOrEqual(SOLVE_COUNTER.min)
    expect(solution!.counter).toBeLessThanOrEqual(SOLVE_COUNTER.max)
  })

  it("refuses a challenge past its lifetime", async () => {
    const issuedLongAgo = createProofOfWork({ enabled: true, secret: SECRET }, () => Date.now() - (CHALLENGE_TTL_S + 1) * 1000)
    const payload = await solve(await issuedLongAgo.challenge())
    expect(await guard.check(payload)).toEqual(refusal("proof_of_work_expired"))
  })

  it("refuses a wrong answer, a challenge signed by another key, an altered one, garbage and nothing", async () => {
    const challenge = await guard.challenge()
    const solution = (await solveChallenge({ challenge, deriveKey }))!
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64")
    // The derived key is what the work finds (the server signed it without revealing it): one digit off is no proof.
    const wrongKey = `${solution.derivedKey.slice(0, -1)}${solution.derivedKey.endsWith("0") ? "1" : "0"}`
    expect(await guard.check(encode({ challenge, solution: { ...solution, derivedKey: wrongKey } }))).toEqual(refusal("proof_of_work_invalid"))
    expect(await guard.check(encode({ challenge, solution: { ...solution, derivedKey: "00".repeat(32) } }))).toEqual(refusal("proof_of_work_invalid"))
    const easier = { ...challenge, parameters: { ...challenge.parameters, keyPrefix: "0" } }
    expect(await guard.check(encode({ challenge: easier, solution }))).toEqual(refusal("proof_of_work_invalid"))
    const otherServer = createProofOfWork({ enabled: true, secret: "x".repeat(40) })
    expect(await guard.check(await solve(await otherServer.challenge()))).toEqual(refusal("proof_of_work_invalid"))
    for (const junk of ["pas du base64 !", encode({ challenge: null }), encode([]), 42, { challenge }]) {
      expect(await guard.check(junk)).toEqual(refusal("proof_of_work_invalid"))
    }
    expect(await guard.check(undefined)).toEqual(refusal("proof_of_work_missing"))
    // Refused attempts spend nothing: the right answer still passes.
    expect(await guard.check(encode({ challenge, solution }))).toBeNull()
  })

  it("off (LEADS_PROOF_OF_WORK=off) lets a request without proof through", async () => {
    expect(await createProofOfWork({ enabled: false, secret: null }).check(undefined)).toBeNull()
  })
})

test("the replay store is bounded: full of live solutions it refuses new ones, expired ones make room", () => {
  const spent = new SpentChallenges(2)
  expect(spent.spend("a", 1_000, 0)).toBe("first")
  expect(spent.spend("b", 2_000, 0)).toBe("first")
  expect(spent.spend("a", 1_000, 0)).toBe("again")
  expect(spent.spend("c", 3_000, 500)).toBe("full")
  expect(spent.spend("c", 3_000, 1_500)).toBe("first")
  expect(spent.size).toBe(2)
})

test("GET /api/challenge answers a signed challenge, never cached; other methods get 405", async () => {
  const guard = createProofOfWork({ enabled: true, secret: SECRET })
  const answer = await handleChallenge("GET", guard)
  expect(answer).toMatchObject({ status: 200, headers: { "Cache-Control": "no-store" } })
  const challenge = answer.body as Challenge
  expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/)
  expect(challenge.parameters.expiresAt! * 1000 - Date.now()).toBeGreaterThan((CHALLENGE_TTL_S - 5) * 1000)
  expect(await handleChallenge("POST", guard)).toMatchObject({ status: 405, headers: { Allow: "GET, HEAD" } })
})

describe("in the handlers", () => {
  it("POST /api/estimate over HTTP: without proof 400 in French and nothing stored; with one, 201", async () => {
    const guard = createProofOfWork({ enabled: true, secret: SECRET })
    const server = await startEstimateServer(testConfig(), null, guard)
    try {
      const stored = () => readdirSync(server.service.settings.dir).filter((name) => !name.startsWith("."))
      const fields = { email: "claire@exemple.fr", description: "Polo" }
      const refused = await post(server.url, estimateForm(fields, [{ name: "a.jpg", bytes: JPEG }]))
      expect(refused.status).toBe(400)
      expect(refused.json).toEqual({ error: "proof_of_work_missing", message: expect.stringContaining("anti-spam") })
      expect(stored()).toEqual([])
      const payload = await solve(await guard.challenge())
      const accepted = await post(server.url, estimateForm({ ...fields, altcha: payload }, [{ name: "a.jpg", bytes: JPEG }]))
      expect(accepted.status).toBe(201)
      expect(stored()).toEqual([accepted.json.id])
      const replayed = await post(server.url, estimateForm({ ...fields, altcha: payload }, [{ name: "a.jpg", bytes: JPEG }]))
      expect([replayed.status, replayed.json.error]).toEqual([400, "proof_of_work_replayed"])
      expect(stored()).toHaveLength(1)
    } finally {
      await server.close()
    }
  })

  it("POST /api/contact: a forged proof is refused and nothing stored; a solved one is stored", async () => {
    const guard = createProofOfWork({ enabled: true, secret: SECRET })
    const service = createLeadsService(testConfig(), () => undefined)
    try {
      const contact = { email: "paul@exemple.fr", conversation: [] }
      const send = (altcha: unknown) =>
        receiveContact({ method: "POST", contentType: "application/json", body: JSON.stringify({ ...contact, altcha }) }, service, guard)
      expect(await send("faux")).toEqual(refusal("proof_of_work_invalid"))
      await service.ready
      expect(readdirSync(service.settings.dir).filter((name) => !name.startsWith("."))).toEqual([])
      expect(await send(await solve(await guard.challenge()))).toMatchObject({ status: 201 })
    } finally {
      service.courier.stop()
    }
  })
})
