/**
 * Every environment variable the server reads, read and checked here and nowhere else (docs/operations/settings.md; where requests go: docs/requests.md#where-requests-go). Each reader collects every problem, in French and naming
 * the variable, instead of stopping at the first: src/server/host/serve.ts refuses to start
 * while any remains; a serverless function (no host in front) logs its leads problems once.
 *
 * The host's own (src/server/host/serve.ts):
 * - PORT (9000), HOST (127.0.0.1), PATH_PREFIX (the build's --prefix-paths prefix, "" by default)
 * - BODY_TIMEOUT_MS (10000): time to send a request body once its headers are in
 * - CHAT_RATE_LIMIT (30) per CHAT_RATE_WINDOW_S (60), ESTIMATE_RATE_LIMIT ("10/600" or "off")
 * - TRUST_PROXY (false): true/false, a number of hops, or addresses/subnets, as express reads it
 *
 * Where requests go (read by src/server/leads/service.ts inside the functions):
 * - LEADS_DIR (data/leads/ at the project root): the outbox on the embedded server; whether the
 *   server can write there is checked at start by src/server/host/folders.ts (files, not settings).
 * - SMTP_URL + LEADS_TO + LEADS_FROM: mail delivery (all three, or none).
 * - LEADS_WEBHOOK_URL: JSON delivery.
 * - LEADS_STORAGE: "disk" (default) or "ephemeral" (a host without a lasting disk: serverless).
 *   Left unset, a serverless platform is recognised by the variables it sets (AWS Lambda, which
 *   Netlify Functions run on, Netlify, Vercel, Google Cloud Functions/Run). Ephemeral storage
 *   needs a delivery channel and delivers before answering.
 * - LEADS_RETRY_BASE_MS (30 s), LEADS_RETRY_MAX_MS (1 h): delivery retry backoff.
 * - LEADS_RETENTION_DAYS (1095): requests are erased that many days after their last status change.
 * - LEADS_MAX_MB (2048), LEADS_MIN_FREE_MB (512): the outbox's cap and the free space it leaves
 *   on its disk; past either, the leads routes answer 503 before reading a body (src/server/leads/room.ts).
 *
 * The anti-spam proof-of-work (src/server/proof-of-work/, read inside the functions):
 * - LEADS_PROOF_OF_WORK: "on" (default) or "off" (API clients and tests that post without solving).
 * - LEADS_POW_SECRET: the key challenges are signed with (32 characters or more); unset, each
 *   process draws its own, so a restart invalidates the challenges in flight.
 *
 * The register of purchases and the stock book (REGISTER_*, STOCK_*): ./settings-books.ts.
 *
 * The content studio and its republication (STUDIO_*): ./settings-studio.ts.
 */
import { isIP } from "node:net"
import os from "node:os"
import path from "node:path"
import type { RateLimitName } from "./http/routes"
import { EnvReader, runtimeEnv, type Read } from "./env-reader"

export { runtimeEnv, type Read }
export * from "./settings-books"
export * from "./settings-studio"

export type RateLimitSettings = { readonly limit: number; readonly windowMs: number }
/** The numbers behind each named limit of src/server/http/routes.ts; null turns that limit off. */
export type RateLimits = Readonly<Record<RateLimitName, RateLimitSettings | null>>

export type HostSettings = {
  readonly port: number
  readonly host: string
  /** Gatsby's pathPrefix without its trailing slash ("" unless built with --prefix-paths). */
  readonly prefix: string
  readonly bodyTimeoutMs: number
  readonly rateLimits: RateLimits
  /** Express's "trust proxy": which proxies' X-Forwarded-For names the client. */
  readonly trustProxy: boolean | number | string
}

export type SmtpSettings = { url: string; to: string; from: string }

export type LeadsSettings = {
  storage: "disk" | "ephemeral"
  dir: string
  smtp: SmtpSettings | null
  webhook: string | null
  retryBaseMs: number
  retryMaxMs: number
  /** Days a request is kept after its last status change, then erased (src/server/leads/retention.ts). */
  retentionDays: number
  /** Most bytes the outbox may hold, and least free bytes left on its disk, before requests are refused. */
  maxBytes: number
  minFreeBytes: number
}

export type ProofOfWorkSettings = { readonly enabled: boolean; readonly secret: string | null }

const TRUST_PROXY_NAMES = ["loopback", "linklocal", "uniquelocal"]

/** TRUST_PROXY as express reads it: true/false, a number of hops, or addresses/subnets (comma-separated). */
function trustProxy(reader: EnvReader): boolean | number | string {
  const raw = reader.text("TRUST_PROXY")
  if (raw === undefined || raw === "false") return false
  if (raw === "true") return true
  if (/^\d+$/.test(raw)) return Number(raw)
  const valid = raw.split(",").every((entry) => {
    const [address = "", bits, ...rest] = entry.trim().split("/")
    const family = isIP(address)
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32))
    return rest.length === 0 && (TRUST_PROXY_NAMES.includes(address) ? bits === undefined : family !== 0 && bitsOk)
  })
  if (valid) return raw
  reader.refuse("TRUST_PROXY", raw, `true, false, un nombre de relais ou des adresses séparées par des virgules (${TRUST_PROXY_NAMES.join(", ")}, 10.0.0.0/8…)`)
  return false
}

/** ESTIMATE_RATE_LIMIT: "requests/seconds" per client for /api/estimate and /api/contact, or "off". */
function leadsRateLimit(reader: EnvReader): RateLimitSettings | null {
  const fallback = { limit: 10, windowMs: 600_000 }
  const raw = reader.text("ESTIMATE_RATE_LIMIT")
  if (raw === undefined) return fallback
  if (raw === "off") return null
  const match = /^(\d+)\/(\d+)$/.exec(raw)
  if (match && Number(match[1]) >= 1 && Number(match[2]) >= 1) return { limit: Number(match[1]), windowMs: Number(match[2]) * 1000 }
  reader.refuse("ESTIMATE_RATE_LIMIT", raw, "« nombre/secondes » (ex. 10/600) ou « off »")
  return fallback
}

function pathPrefix(reader: EnvReader): string {
  const raw = reader.text("PATH_PREFIX")
  if (raw === undefined) return ""
  if (/^\/[\w\-./~%]*$/.test(raw)) return raw.replace(/\/+$/, "")
  reader.refuse("PATH_PREFIX", raw, "un chemin qui commence par « / », sans espace ni « ? » (ex. /boutique)")
  return ""
}

export function readHostSettings(env: NodeJS.ProcessEnv = runtimeEnv()): Read<HostSettings> {
  const reader = new EnvReader(env)
  const settings: HostSettings = {
    port: reader.integer("PORT", 9000, 0, 65535),
    host: reader.text("HOST") ?? "127.0.0.1",
    prefix: pathPrefix(reader),
    bodyTimeoutMs: reader.integer("BODY_TIMEOUT_MS", 10_000, 100),
    rateLimits: {
      chat: { limit: reader.integer("CHAT_RATE_LIMIT", 30, 1), windowMs: reader.integer("CHAT_RATE_WINDOW_S", 60, 1) * 1000 },
      leads: leadsRateLimit(reader),
    },
    trustProxy: trustProxy(reader),
  }
  return { settings, problems: reader.problems }
}

const MEGABYTE = 1024 * 1024

const SERVERLESS_MARKERS = ["AWS_LAMBDA_FUNCTION_NAME", "NETLIFY", "VERCEL", "FUNCTION_TARGET", "K_SERVICE"]

/**
 * The three settings of mail delivery, named once with what each holds: read below (smtp()), and
 * named to the person installing by `npm run setup` and the go-live checklist (src/server/golive/).
 */
export const MAIL_SETTINGS = [
  { name: "SMTP_URL", holds: "le serveur d'envoi, avec son identifiant et son mot de passe", example: "smtps://identifiant:mot-de-passe@smtp.exemple.fr:465" },
  { name: "LEADS_TO", holds: "l'adresse qui reçoit les demandes", example: "proprietaire@exemple.fr" },
  { name: "LEADS_FROM", holds: "l'adresse d'expédition de ces e-mails", example: "site@exemple.fr" },
] as const

function smtp(reader: EnvReader): SmtpSettings | null {
  const url = reader.url("SMTP_URL", ["smtp:", "smtps:"])
  const values = { SMTP_URL: url ?? reader.text("SMTP_URL"), LEADS_TO: reader.text("LEADS_TO"), LEADS_FROM: reader.text("LEADS_FROM") }
  for (const name of ["LEADS_TO", "LEADS_FROM"] as const) {
    const value = values[name]
    if (value !== undefined && !value.includes("@")) reader.refuse(name, value, "une adresse email (ex. equipe@exemple.fr)")
  }
  const missing = Object.entries(values)
    .filter(([, value]) => !value)
    .map(([name]) => name)
  if (missing.length > 0 && missing.length < 3) {
    reader.problems.push(`envoi par email désactivé : ${missing.join(", ")} manquant(s) (SMTP_URL, LEADS_TO et LEADS_FROM vont ensemble).`)
  }
  if (!url || !values.LEADS_TO?.includes("@") || !values.LEADS_FROM?.includes("@")) return null
  return { url, to: values.LEADS_TO, from: values.LEADS_FROM }
}

/** `root`: the folder a relative LEADS_DIR is read from (the server's working directory). */
export function readLeadsSettings(env: NodeJS.ProcessEnv = runtimeEnv(), root = process.cwd()): Read<LeadsSettings> {
  const reader = new EnvReader(env)
  const declared = reader.text("LEADS_STORAGE")?.toLowerCase()
  if (declared && declared !== "disk" && declared !== "ephemeral") reader.refuse("LEADS_STORAGE", declared, "« disk » ou « ephemeral »")
  const serverless = SERVERLESS_MARKERS.some((name) => reader.isSet(name))
  const storage = declared === "disk" || declared === "ephemeral" ? declared : serverless ? "ephemeral" : "disk"
  const settings: LeadsSettings = {
    storage,
    dir: storage === "ephemeral" ? path.join(os.tmpdir(), "maxai-leads") : path.resolve(root, reader.text("LEADS_DIR") ?? path.join("data", "leads")),
    smtp: smtp(reader),
    webhook: reader.url("LEADS_WEBHOOK_URL", ["https:", "http:"]),
    retryBaseMs: reader.integer("LEADS_RETRY_BASE_MS", 30_000, 1),
    retryMaxMs: reader.integer("LEADS_RETRY_MAX_MS", 3_600_000, 1),
    retentionDays: reader.integer("LEADS_RETENTION_DAYS", 1095, 1),
    maxBytes: reader.integer("LEADS_MAX_MB", 2048, 1) * MEGABYTE,
    minFreeBytes: reader.integer("LEADS_MIN_FREE_MB", 512, 0) * MEGABYTE,
  }
  if (storage === "ephemeral" && !settings.smtp && !settings.webhook) {
    reader.problems.push(
      "stockage éphémère (LEADS_STORAGE ou hébergement serverless) sans envoi configuré : donnez SMTP_URL, LEADS_TO et LEADS_FROM, ou LEADS_WEBHOOK_URL, sinon les demandes sont refusées.",
    )
  }
  return { settings, problems: reader.problems }
}

export const POW_SECRET_MIN_LENGTH = 32

export function readProofOfWorkSettings(env: NodeJS.ProcessEnv = runtimeEnv()): Read<ProofOfWorkSettings> {
  const reader = new EnvReader(env)
  const mode = reader.text("LEADS_PROOF_OF_WORK")?.toLowerCase() ?? "on"
  if (mode !== "on" && mode !== "off") reader.refuse("LEADS_PROOF_OF_WORK", mode, "« on » ou « off »")
  let secret = reader.text("LEADS_POW_SECRET") ?? null
  if (secret !== null && secret.length < POW_SECRET_MIN_LENGTH) {
    reader.problems.push(`LEADS_POW_SECRET est trop courte (${secret.length} caractères) : attendu ${POW_SECRET_MIN_LENGTH} caractères au moins.`)
    secret = null
  }
  return { settings: { enabled: mode !== "off", secret }, problems: reader.problems }
}

/** Everything the production server reads, checked at start: it does not start while `problems` is not empty. */
export function readSettings(
  env: NodeJS.ProcessEnv = runtimeEnv(),
  root = process.cwd(),
): Read<{ host: HostSettings; leads: LeadsSettings; proofOfWork: ProofOfWorkSettings }> {
  const host = readHostSettings(env)
  const leads = readLeadsSettings(env, root)
  const proofOfWork = readProofOfWorkSettings(env)
  return {
    settings: { host: host.settings, leads: leads.settings, proofOfWork: proofOfWork.settings },
    problems: [...host.problems, ...leads.problems, ...proofOfWork.problems],
  }
}
