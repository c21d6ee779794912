/**
 * Every environment variable the server reads, read and checked here and nowhere else (README,
 * "Server" and "Where requests go"). Each reader collects every problem, in French and naming
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
 * The register of purchases (src/server/register/, read by the host and by `npm run registre`):
 * - REGISTER_DIR (data/registre/): one file per entry, kept 10 years; outside public/ and git.
 * - REGISTER_KEY_FILE (beside it: data/registre-cle): the key of the entries' HMAC chain, created
 *   mode 600 on first use; outside REGISTER_DIR (whoever has only the folder cannot forge an entry).
 * - REGISTER_CHECKPOINT_DIR (beside it: data/registre-points/): the checkpoints, outside REGISTER_DIR.
 *   The log of consultations lives beside the folder too (data/registre-consultations.jsonl).
 *
 * The stock book (src/server/stock/, read by the host and by `npm run stock`):
 * - STOCK_DIR (data/stock/): its change log, its snapshot and the garments' photos; outside public/ and git.
 * - STOCK_VAT_RATE (20): the VAT rate of the margin, in percent (« 20 », « 5,5 »), for the exports.
 *
 * The content studio (src/server/studio/, read by the host and by `npm run studio:account`):
 * - STUDIO_ACCOUNTS (data/studio-accounts.json): the owner accounts, outside public/ and git.
 * - STUDIO_SITE_DIR (the project): the folder whose content/ the studio edits (a copy, for tests).
 * - STUDIO_PUBLISH ("on"): after each save the server rebuilds the site from that content/ and
 *   serves the new build once it succeeded (src/server/publish/); "off": saves only.
 * - STUDIO_PUBLISH_DIR (data/publish/): the build's workspace, the releases served, the build log.
 * - STUDIO_PUBLISH_WARM_UP ("on"): a cache missing or from other code is warmed at start; "off": no build unasked.
 * - STUDIO_PUBLISH_MEMORY_MB (1000, ≥ 600): the memory a build's processes may take together.
 * - STUDIO_PUBLISH_TIMEOUT_S (900): a build still running after that long is stopped (it failed).
 */
import { statSync } from "node:fs"
import { isIP } from "node:net"
import os from "node:os"
import path from "node:path"
import type { RateLimitName } from "./http/routes"
import { EnvReader, runtimeEnv, type Read } from "./env-reader"

export { runtimeEnv, type Read }

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

/**
 * The studio's republication (src/server/publish/): where it builds and keeps releases, how long a
 * build may take, whether the server warms its cache at start, the memory a build may take.
 */
export type PublishSettings = { readonly dir: string; readonly timeoutMs: number; readonly warmUp: boolean; readonly memoryMb: number }

/** `publish` is null when STUDIO_PUBLISH is off (saves only, the served site never changes). */
export type StudioSettings = { readonly accountsFile: string; readonly siteDir: string; readonly publish: PublishSettings | null }

/** A path of `name` outside public/ (served to visitors), else noted as refused. */
function outsidePublic(reader: EnvReader, name: string, file: string, what: string): string {
  if (file.split(path.sep).includes("public")) reader.refuse(name, file, `${what} hors de public/ (qui est servi aux visiteurs)`)
  return file
}

function publishSettings(reader: EnvReader, root: string): PublishSettings | null {
  const mode = reader.text("STUDIO_PUBLISH")?.toLowerCase() ?? "on"
  if (mode !== "on" && mode !== "off") reader.refuse("STUDIO_PUBLISH", mode, "« on » ou « off »")
  const dir = outsidePublic(reader, "STUDIO_PUBLISH_DIR", path.resolve(root, reader.text("STUDIO_PUBLISH_DIR") ?? path.join("data", "publish")), "un dossier")
  const timeoutMs = reader.integer("STUDIO_PUBLISH_TIMEOUT_S", 900, 10) * 1000
  const warmUp = reader.text("STUDIO_PUBLISH_WARM_UP")?.toLowerCase() ?? "on"
  if (warmUp !== "on" && warmUp !== "off") reader.refuse("STUDIO_PUBLISH_WARM_UP", warmUp, "« on » ou « off »")
  const memoryMb = reader.integer("STUDIO_PUBLISH_MEMORY_MB", 1000, 600)
  return mode === "off" ? null : { dir, timeoutMs, warmUp: warmUp !== "off", memoryMb }
}

export type RegisterSettings = { readonly dir: string; readonly keyFile: string; readonly checkpointDir: string }

/** The defaults beside the register's folder, never inside it: `<dir>-cle`, `<dir>-points/`, `<dir>-consultations.jsonl`. */
export const registerKeyFileBeside = (dir: string) => `${path.resolve(dir)}-cle`
export const registerCheckpointDirBeside = (dir: string) => `${path.resolve(dir)}-points`
export const registerConsultationsBeside = (dir: string) => `${path.resolve(dir)}-consultations.jsonl`

function existingMode(file: string): number | null {
  try {
    return statSync(file).mode & 0o777
  } catch {
    return null
  }
}

const inside = (folder: string, file: string) => {
  const relative = path.relative(folder, file)
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative))
}

/** `root`: the folder a relative REGISTER_DIR is read from (the server's working directory). */
export function readRegisterSettings(env: NodeJS.ProcessEnv = runtimeEnv(), root = process.cwd()): Read<RegisterSettings> {
  const reader = new EnvReader(env)
  const dir = outsidePublic(reader, "REGISTER_DIR", path.resolve(root, reader.text("REGISTER_DIR") ?? path.join("data", "registre")), "un dossier")
  // A default lies beside REGISTER_DIR (checked above); a value given is checked on its own.
  const apart = (name: string, fallback: string, what: string) => {
    const given = reader.text(name)
    if (given === undefined) return fallback
    const value = outsidePublic(reader, name, path.resolve(root, given), what)
    if (inside(dir, value)) reader.refuse(name, value, `${what} hors du dossier du registre (REGISTER_DIR), gardé et sauvegardé à part`)
    return value
  }
  const keyFile = apart("REGISTER_KEY_FILE", registerKeyFileBeside(dir), "un fichier")
  // The key signs every entry: readable by another account of the machine, it could forge them.
  const keyMode = existingMode(keyFile)
  if (keyMode !== null && (keyMode & 0o077) !== 0) {
    reader.problems.push(`REGISTER_KEY_FILE (${keyFile}) est lisible par d'autres comptes que celui du serveur : rendez-le privé (chmod 600 ${keyFile}).`)
  }
  const checkpointDir = apart("REGISTER_CHECKPOINT_DIR", registerCheckpointDirBeside(dir), "un dossier")
  return { settings: { dir, keyFile, checkpointDir }, problems: reader.problems }
}

export type StockSettings = { readonly dir: string; readonly vatRateHundredths: number }

/** `root`: the folder a relative STOCK_DIR is read from (the server's working directory). */
export function readStockSettings(env: NodeJS.ProcessEnv = runtimeEnv(), root = process.cwd()): Read<StockSettings> {
  const reader = new EnvReader(env)
  const dir = outsidePublic(reader, "STOCK_DIR", path.resolve(root, reader.text("STOCK_DIR") ?? path.join("data", "stock")), "un dossier")
  const rate = reader.text("STOCK_VAT_RATE") ?? "20"
  // Hundredths of a percent, so 5,5 % stays exact (src/server/stock/money.ts).
  const match = /^(\d{1,2})(?:[.,](\d{1,2}))?$/.exec(rate)
  if (!match) reader.refuse("STOCK_VAT_RATE", rate, "un taux en pour cent entre 0 et 99,99, par exemple 20 ou 5,5")
  const vatRateHundredths = match ? Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0")) : 2000
  return { settings: { dir, vatRateHundredths }, problems: reader.problems }
}

/** `root`: the project, which relative paths are read from. */
export function readStudioSettings(env: NodeJS.ProcessEnv = runtimeEnv(), root = process.cwd()): Read<StudioSettings> {
  const reader = new EnvReader(env)
  const siteDir = path.resolve(root, reader.text("STUDIO_SITE_DIR") ?? ".")
  const accountsFile = outsidePublic(
    reader,
    "STUDIO_ACCOUNTS",
    path.resolve(root, reader.text("STUDIO_ACCOUNTS") ?? path.join("data", "studio-accounts.json")),
    "un fichier",
  )
  return { settings: { accountsFile, siteDir, publish: publishSettings(reader, root) }, problems: reader.problems }
}
