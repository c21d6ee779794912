/**
 * Where requests go, from the environment (read once per process by src/server/leads/service.ts).
 *
 * - LEADS_DIR (default data/leads/ at the project root): the outbox on the embedded server.
 * - SMTP_URL + LEADS_TO + LEADS_FROM: mail delivery (all three, or none).
 * - LEADS_WEBHOOK_URL: JSON delivery.
 * - LEADS_STORAGE: "disk" (default) or "ephemeral" (a host without a lasting disk: serverless).
 *   Left unset, a serverless platform is recognised by the variables it sets (AWS Lambda, which
 *   Netlify Functions run on, Netlify, Vercel, Google Cloud Functions/Run). Ephemeral storage
 *   needs a delivery channel and delivers before answering.
 * - LEADS_RETRY_BASE_MS (30 s), LEADS_RETRY_MAX_MS (1 h): delivery retry backoff.
 * (The per-client limit on these routes is the server's: ESTIMATE_RATE_LIMIT in src/server/host/serve.ts.)
 */
import os from "node:os"
import path from "node:path"

export type SmtpSettings = { url: string; to: string; from: string }

export type LeadsConfig = {
  storage: "disk" | "ephemeral"
  dir: string
  smtp: SmtpSettings | null
  webhook: string | null
  retryBaseMs: number
  retryMaxMs: number
  /** Configuration mistakes, in French, logged once at start. */
  problems: string[]
}

const SERVERLESS_MARKERS = ["AWS_LAMBDA_FUNCTION_NAME", "NETLIFY", "VERCEL", "FUNCTION_TARGET", "K_SERVICE"]

function positive(value: string | undefined, fallback: number): number {
  const number = Number(value)
  return Number.isFinite(number) && number > 0 ? number : fallback
}

/**
 * The environment at run time. Gatsby compiles functions with every `process.env.X` replaced by
 * its value at build time (and `process.env` by `{}`): SMTP_URL and friends must be read
 * through an expression its DefinePlugin does not match, or a build would bake in secrets and
 * ignore the server's own settings.
 */
export function runtimeEnv(): NodeJS.ProcessEnv {
  return (globalThis as { process?: { env: NodeJS.ProcessEnv } }).process?.env ?? {}
}

export function readLeadsConfig(env: NodeJS.ProcessEnv = runtimeEnv(), root = process.cwd()): LeadsConfig {
  const problems: string[] = []
  const declared = env.LEADS_STORAGE?.trim().toLowerCase()
  if (declared && declared !== "disk" && declared !== "ephemeral") problems.push(`LEADS_STORAGE vaut « ${declared} » : attendu « disk » ou « ephemeral ».`)
  const serverless = SERVERLESS_MARKERS.some((name) => Boolean(env[name]))
  const storage = declared === "disk" || declared === "ephemeral" ? declared : serverless ? "ephemeral" : "disk"
  const dir = storage === "ephemeral" ? path.join(os.tmpdir(), "maxai-leads") : path.resolve(root, env.LEADS_DIR?.trim() || path.join("data", "leads"))

  let smtp: SmtpSettings | null = null
  const smtpValues = { SMTP_URL: env.SMTP_URL?.trim(), LEADS_TO: env.LEADS_TO?.trim(), LEADS_FROM: env.LEADS_FROM?.trim() }
  const given = Object.entries(smtpValues).filter(([, value]) => value)
  if (given.length === 3) smtp = { url: smtpValues.SMTP_URL!, to: smtpValues.LEADS_TO!, from: smtpValues.LEADS_FROM! }
  else if (given.length > 0) {
    const missing = Object.entries(smtpValues)
      .filter(([, value]) => !value)
      .map(([name]) => name)
    problems.push(`envoi par email désactivé : ${missing.join(", ")} manquant(s) (SMTP_URL, LEADS_TO et LEADS_FROM vont ensemble).`)
  }

  return {
    storage,
    dir,
    smtp,
    webhook: env.LEADS_WEBHOOK_URL?.trim() || null,
    retryBaseMs: positive(env.LEADS_RETRY_BASE_MS, 30_000),
    retryMaxMs: positive(env.LEADS_RETRY_MAX_MS, 3_600_000),
    problems,
  }
}
