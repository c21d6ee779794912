/**
 * Load test of the embedded API on the served build (BASE_URL, loopback) with autocannon:
 *   1. GET /api/vinted/stores and 2. POST /api/chat (valid body): `--duration` s each (10) with
 *      `--connections` (50): 0 errors, 0 timeouts (30 s), 0 non-2xx; prints requests/s and p99
 *      latency. The chat, which searches the whole content for each question, must also sustain
 *      CHAT_MIN_RPS on a machine whose scrypt check takes 100 ms (./lib.mjs scryptCheckMs, measured
 *      before and after the chat's run; a slower machine's rate is scaled up by its check). (`npm run serve`, src/server/host/serve.ts, loads each function once; `gatsby serve`
 *      re-required it on every call and managed about 10 requests/s before running out of memory.)
 *   3. Mixed valid and invalid chat requests (bad JSON, wrong content type, blank or too long
 *      message, bad email, wrong method, oversized body): every invalid one gets a 4xx, every
 *      valid one a 2xx, no connection error.
 *   4. The server still answers afterwards (home page and a chat reply).
 * The chat requests all come from 127.0.0.1: the server must run with CHAT_RATE_LIMIT=1000000
 * (as .ci/run and bench.mjs start it), checked first.
 * Exits non-zero when one of these fails.
 *
 *   node scripts/bench/load.mjs [--duration 10] [--connections 50]
 */
import autocannon from "autocannon"
import { assertChatRateLimitAllows } from "../../e2e/lib/rate-limit.mjs"
import { BASE_URL, printChecks, rateScaledTo100Ms, scryptCheckMs, table, writeResult } from "./lib.mjs"

const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`)
  return Number(index > 0 ? process.argv[index + 1] : fallback)
}
const duration = argument("duration", 10)
const connections = argument("connections", 50)

const JSON_HEADERS = { "content-type": "application/json" }
const validChat = JSON.stringify({ message: "Comment authentifiez-vous un polo Lacoste ?", user_name: "Utilisateur anonyme", user_email: null })

/** Requests the server must refuse with a 4xx JSON answer, never a crash or an HTML page. */
const INVALID = [
  { label: "JSON mal formé", method: "POST", headers: JSON_HEADERS, body: '{"message": "bonjour"' },
  { label: "mauvais Content-Type", method: "POST", headers: { "content-type": "text/plain" }, body: validChat },
  { label: "message vide", method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ message: "   ", user_name: "A", user_email: null }) },
  { label: "message > 2000", method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ message: "a".repeat(2001), user_email: null }) },
  { label: "email invalide", method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ message: "Bonjour", user_email: "pas-un-email" }) },
  { label: "pas un objet", method: "POST", headers: JSON_HEADERS, body: "[1,2,3]" },
  { label: "méthode GET", method: "GET", headers: {}, body: undefined },
  { label: "corps > 32 Ko", method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ message: "x".repeat(40 * 1024) }) },
]

/**
 * Requests per second the chat API must sustain on loopback (issue #15), on a machine whose scrypt
 * check takes 100 ms. The rate follows the machine's speed, which varies up to 2× from one run to
 * the next: the same build served 1,103 req/s in one fresh-clone CI and 599 in the next, and
 * 740 req/s beside a 162 ms check (1,199 scaled). A bar in plain req/s failed on the slow runs.
 */
const CHAT_MIN_RPS = 1000

/** A request slower than this counts as an error (timeout). */
const TIMEOUT_S = 30

function run(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ timeout: TIMEOUT_S, ...options }, (error, result) => (error ? reject(error) : resolve(result)))
    process.once("SIGINT", () => instance.stop())
  })
}

/** Requests still queued from the previous scenario must not be timed in the next one. */
async function drained() {
  const deadline = Date.now() + TIMEOUT_S * 1000
  while (Date.now() < deadline) {
    const started = Date.now()
    const ok = await fetch(`${BASE_URL}/api/vinted/stores`).then(
      (response) => response.ok,
      () => false,
    )
    if (ok && Date.now() - started < 1000) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

const summary = (name, result) => ({
  name,
  requests: result.requests.total,
  rps: Math.round(result.requests.average),
  p99: result.latency.p99,
  errors: result.errors,
  timeouts: result.timeouts,
  non2xx: result.non2xx,
})

async function main() {
  console.log(`Charge sur ${BASE_URL} : ${duration} s, ${connections} connexions par scénario`)
  await assertChatRateLimitAllows(BASE_URL, 1_000_000)
  const stores = summary("GET /api/vinted/stores", await run({ url: `${BASE_URL}/api/vinted/stores`, connections, duration }))
  await drained()
  const speedBefore = scryptCheckMs()
  const chat = summary(
    "POST /api/chat (valide)",
    await run({ url: `${BASE_URL}/api/chat`, method: "POST", headers: JSON_HEADERS, body: validChat, connections, duration }),
  )
  // The machine at its fastest around the run: a busy moment never makes the scaled rate look better.
  const scryptMs = Math.min(speedBefore, scryptCheckMs())
  const chatScaled = Math.round(rateScaledTo100Ms(chat.rps, scryptMs))

  // Mixed: one valid request, then each invalid kind, over and over; every answer is checked.
  const tally = { valid: { ok: 0, bad: 0 }, invalid: { ok: 0, bad: 0 }, wrong: new Map() }
  const record = (kind, label, expected) => (status) => {
    const good = expected(status)
    tally[kind][good ? "ok" : "bad"] += 1
    if (!good) tally.wrong.set(`${label} → ${status}`, (tally.wrong.get(`${label} → ${status}`) ?? 0) + 1)
  }
  const requests = [
    {
      method: "POST",
      path: "/api/chat",
      headers: JSON_HEADERS,
      body: validChat,
      onResponse: record("valid", "valide", (status) => status >= 200 && status < 300),
    },
    ...INVALID.map(({ label, method, headers, body }) => ({
      method,
      path: "/api/chat",
      headers,
      ...(body === undefined ? {} : { body }),
      onResponse: record("invalid", label, (status) => status >= 400 && status < 500),
    })),
  ]
  await drained()
  const mixedDuration = Math.max(5, Math.round(duration / 2))
  const mixedRaw = await run({ url: BASE_URL, requests, connections: Math.min(connections, 20), duration: mixedDuration })
  const mixed = summary("POST /api/chat (mélange valide/invalide)", mixedRaw)

  // The server must still serve pages and answers after the storm.
  await drained()
  const home = await fetch(`${BASE_URL}/`)
    .then((response) => response.status)
    .catch(() => 0)
  const after = await fetch(`${BASE_URL}/api/chat`, { method: "POST", headers: JSON_HEADERS, body: validChat })
    .then(async (response) => ({ status: response.status, body: await response.json().catch(() => null) }))
    .catch(() => ({ status: 0, body: null }))

  console.log()
  console.log(
    table(
      ["scénario", "requêtes", "req/s", "p99 (ms)", "erreurs", "timeouts", "non-2xx"],
      [stores, chat, mixed].map((s) => [s.name, s.requests, s.rps, s.p99, s.errors, s.timeouts, s.non2xx]),
    ),
  )
  console.log(
    `\nMélange : ${tally.valid.ok} valides en 2xx (${tally.valid.bad} autrement), ${tally.invalid.ok} invalides en 4xx (${tally.invalid.bad} autrement)` +
      (tally.wrong.size ? `\n  réponses inattendues : ${[...tally.wrong].map(([key, count]) => `${key} ×${count}`).join(", ")}` : ""),
  )
  console.log(`Après la charge : GET / → ${home}, POST /api/chat → ${after.status}`)
  console.log(`Vitesse de la machine : un scrypt N = 2^15 en ${Math.round(scryptMs)} ms (le plus rapide avant et après le chat, médianes de 7)\n`)

  const clean = (s) => s.requests > 0 && s.errors === 0 && s.timeouts === 0 && s.non2xx === 0
  const checks = [
    {
      name: "GET /api/vinted/stores : 0 erreur, 0 non-2xx",
      value: `${stores.rps} req/s, p99 ${stores.p99} ms, ${stores.errors + stores.timeouts} err., ${stores.non2xx} non-2xx`,
      bar: "0 / 0",
      ok: clean(stores),
      ...stores,
    },
    {
      name: `POST /api/chat valide : ≥ ${CHAT_MIN_RPS} req/s (machine à 100 ms), 0 erreur, 0 non-2xx`,
      value: `${chat.rps} req/s (${chatScaled} à 100 ms), p99 ${chat.p99} ms, ${chat.errors + chat.timeouts} err., ${chat.non2xx} non-2xx`,
      bar: `${CHAT_MIN_RPS} req/s à 100 ms, 0 / 0`,
      ok: clean(chat) && chatScaled >= CHAT_MIN_RPS,
      ...chat,
      scaledRps: chatScaled,
      scryptMs,
    },
    {
      name: "Mélange : invalides en 4xx, valides en 2xx",
      value: `${tally.invalid.ok}/${tally.invalid.ok + tally.invalid.bad} en 4xx, ${tally.valid.ok}/${tally.valid.ok + tally.valid.bad} en 2xx, ${mixed.errors + mixed.timeouts} err.`,
      bar: "100 %, 0 err.",
      ok: tally.invalid.bad === 0 && tally.valid.bad === 0 && tally.invalid.ok > 0 && tally.valid.ok > 0 && mixed.errors === 0 && mixed.timeouts === 0,
    },
    {
      name: "Le serveur répond après la charge",
      value: `GET / ${home}, chat ${after.status}`,
      bar: "200 / 200",
      ok: home === 200 && after.status === 200 && typeof after.body?.bot_response === "string",
    },
  ]
  printChecks(checks)
  const result = writeResult("load", checks, { duration, connections })
  process.exit(result.ok ? 0 : 1)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
