/**
 * The browser's half of the anti-spam proof-of-work (server: src/server/proof-of-work/): asks the
 * leads API for a signed ALTCHA challenge, solves it with altcha-lib on WebCrypto (a few thousand
 * SHA-256 hashes, each awaited, so the page stays responsive: well under a second on a phone) and
 * returns the payload the server checks. Nothing to see or click: it runs when the visitor sends.
 *
 * Only ever loaded with import() by lib/estimate-client.ts and lib/contact-client.ts, so neither
 * it nor altcha-lib is part of the page's first load.
 */
import { solveChallenge, type Challenge } from "altcha-lib"
import { deriveKey } from "altcha-lib/algorithms/web/sha"
import { PROOF_OF_WORK } from "../contract/proof-of-work"
import { endpoint } from "./endpoint"
import { withTimeout } from "./with-timeout"

/** `network`: no answer; `unavailable`: an answer that is no challenge; `timeout`: not fetched and solved in time. */
export type Proof = { ok: true; payload: string } | { ok: false; reason: "network" | "unavailable" | "timeout" }

/** Fetching and solving together; the solving alone takes a fraction of a second. */
export const PROOF_TIMEOUT_MS = 15_000

function isChallenge(value: unknown): value is Challenge {
  const parameters = (value as Partial<Challenge> | null)?.parameters
  return typeof parameters?.nonce === "string" && typeof parameters.salt === "string" && typeof parameters.keyPrefix === "string"
}

export async function proveWork(timeoutMs = PROOF_TIMEOUT_MS): Promise<Proof> {
  const outcome = await withTimeout(timeoutMs, undefined, async (signal): Promise<Proof> => {
    const response = await fetch(endpoint("leads", PROOF_OF_WORK.challengePath), { headers: { Accept: "application/json" }, cache: "no-store", signal })
    const challenge: unknown = response.ok ? await response.json().catch(() => null) : null
    if (!isChallenge(challenge)) return { ok: false, reason: "unavailable" }
    // solveChallenge stops on an AbortController of its own: tie it to the timeout's signal.
    const controller = new AbortController()
    signal.addEventListener("abort", () => controller.abort())
    const solution = await solveChallenge({ challenge, deriveKey, controller, timeout: timeoutMs })
    if (!solution) return { ok: false, reason: "timeout" }
    return { ok: true, payload: btoa(JSON.stringify({ challenge, solution })) }
  })
  if (outcome.ok) return outcome.value
  return { ok: false, reason: outcome.reason === "timeout" ? "timeout" : "network" }
}
