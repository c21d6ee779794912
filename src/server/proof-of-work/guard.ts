/**
 * The server's half of the anti-spam proof-of-work (ALTCHA v2, altcha-lib; docs/requests.md#the-proof-of-work): it
 * signs challenges for GET /api/challenge and checks the solution that POST /api/estimate and
 * POST /api/contact carry before they store anything. Self-hosted: no third-party service.
 *
 * What must stay true:
 * - a challenge is only valid with this server's HMAC key (LEADS_POW_SECRET, or a random key per
 *   process when unset: a restart then invalidates the challenges in flight, and the form's
 *   « Réessayer » fetches a new one);
 * - it expires CHALLENGE_TTL_S after it was issued, long enough for a slow phone to upload the
 *   estimate's 80 MB (its body has 9 minutes: ESTIMATE_ROUTE);
 * - each solved challenge is accepted once (its nonce is remembered until it expires);
 * - solving costs the browser SOLVE_COUNTER hashes (SHA-256, ALTCHA's deterministic mode): well
 *   under a second on a phone, while checking costs the server two HMACs.
 */
import { createHmac, randomBytes } from "node:crypto"
import { createChallenge, randomInt, verifySolution, type Challenge } from "altcha-lib"
import { deriveKey } from "altcha-lib/algorithms/sha"
import { errorResponse, NO_STORE, type ApiResponse } from "../http/responses"
import { readProofOfWorkSettings, type ProofOfWorkSettings } from "../settings"
import { SpentChallenges } from "./spent"
import { clock } from "../clock"

export const CHALLENGE_TTL_S = 600
/** How many hashes a visitor's browser computes, drawn at random within these bounds for each challenge. */
export const SOLVE_COUNTER = { min: 1_000, max: 5_000 } as const
const ALGORITHM = "SHA-256"

export type ProofOfWork = {
  readonly enabled: boolean
  /** A new signed challenge (also when the check is off, so the browser's path never changes). */
  challenge(): Promise<Challenge>
  /** null when `payload` proves fresh work, else the French refusal to answer. */
  check(payload: unknown): Promise<ApiResponse | null>
}

const refuse = (status: number, code: string, message: string) => errorResponse(status, code, message, NO_STORE)

export const PROOF_REFUSALS = {
  missing: () => refuse(400, "proof_of_work_missing", "La vérification anti-spam manque à cette demande. Rechargez la page et réessayez."),
  invalid: () => refuse(400, "proof_of_work_invalid", "La vérification anti-spam a échoué. Réessayez."),
  expired: () => refuse(400, "proof_of_work_expired", "La vérification anti-spam a expiré. Réessayez."),
  replayed: () => refuse(400, "proof_of_work_replayed", "Cette vérification anti-spam a déjà servi. Réessayez."),
  busy: () => refuse(503, "proof_of_work_busy", "Trop de demandes en ce moment. Réessayez dans quelques minutes."),
}

type Payload = { challenge: Challenge; solution: { counter: number; derivedKey: string } }

/** The ALTCHA payload (base64 of JSON { challenge, solution }), or null when it is not one. */
function decode(payload: unknown): Payload | null {
  if (typeof payload !== "string" || payload.length > 4096) return null
  try {
    const value = JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as Partial<Payload> | null
    const parameters = value?.challenge?.parameters
    if (!parameters || typeof parameters.nonce !== "string" || typeof value?.solution !== "object" || value.solution === null) return null
    return value as Payload
  } catch {
    return null
  }
}

export function createProofOfWork(settings: ProofOfWorkSettings, now: () => number = clock.nowMs): ProofOfWork {
  const secret = settings.secret ?? randomBytes(32).toString("hex")
  // ALTCHA signs the challenge and, apart, the expected key: two keys, both from the one secret.
  const keys = {
    hmacSignatureSecret: createHmac("sha256", secret).update("altcha-challenge").digest("hex"),
    hmacKeySignatureSecret: createHmac("sha256", secret).update("altcha-key").digest("hex"),
  }
  const spent = new SpentChallenges()
  return {
    enabled: settings.enabled,
    challenge: () =>
      createChallenge({
        algorithm: ALGORITHM,
        cost: 1,
        counter: randomInt(SOLVE_COUNTER.max, SOLVE_COUNTER.min),
        deriveKey,
        expiresAt: Math.floor(now() / 1000) + CHALLENGE_TTL_S,
        ...keys,
      }),
    async check(payload) {
      if (!settings.enabled) return null
      if (payload === undefined || payload === "") return PROOF_REFUSALS.missing()
      const decoded = decode(payload)
      if (!decoded || decoded.challenge.parameters.algorithm !== ALGORITHM) return PROOF_REFUSALS.invalid()
      // verifySolution reads the clock itself; `now` only moves the expiry of the replay store.
      const result = await verifySolution({ challenge: decoded.challenge, solution: decoded.solution, deriveKey, ...keys }).catch(() => null)
      if (result?.expired) return PROOF_REFUSALS.expired()
      if (!result?.verified) return PROOF_REFUSALS.invalid()
      const expiresAtMs = (decoded.challenge.parameters.expiresAt ?? 0) * 1000
      const spentNow = spent.spend(decoded.challenge.parameters.nonce, expiresAtMs, now())
      if (spentNow === "full") return PROOF_REFUSALS.busy()
      return spentNow === "again" ? PROOF_REFUSALS.replayed() : null
    },
  }
}

/**
 * Gatsby bundles each function separately: the guard lives on globalThis so /api/challenge,
 * /api/estimate and /api/contact share one key and one replay store in a process.
 */
const SHARED = Symbol.for("maxai.proofOfWork")

export function proofOfWork(): ProofOfWork {
  const global = globalThis as { [SHARED]?: ProofOfWork }
  if (!global[SHARED]) {
    // Empty under src/server/host/serve.ts (it does not start with a problem); said once here by a serverless function.
    const { settings, problems } = readProofOfWorkSettings()
    for (const problem of problems) console.error(`anti-spam : ${problem}`)
    global[SHARED] = createProofOfWork(settings)
  }
  return global[SHARED]
}
