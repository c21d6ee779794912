/**
 * @jest-environment node
 *
 * The one settings module (src/server/settings.ts): every environment variable the server reads,
 * its defaults, and every mistake named in French with its variable, all at once; the production
 * entry refuses to start while one remains. The owner's rooms' settings (studio, stock, register)
 * are in settings-rooms.test.ts.
 */
import { spawnSync } from "node:child_process"
import { readFileSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { readHostSettings, readLeadsSettings, readProofOfWorkSettings, readSettings } from "../../src/server/settings"

const ROOT = path.resolve(__dirname, "../..")

describe("defaults", () => {
  it("an empty environment gives the documented defaults and no problem", () => {
    const { settings, problems } = readSettings({}, "/srv/site")
    expect(problems).toEqual([])
    expect(settings.host).toEqual({
      port: 9000,
      host: "127.0.0.1",
      prefix: "",
      bodyTimeoutMs: 10_000,
      rateLimits: { chat: { limit: 30, windowMs: 60_000 }, leads: { limit: 10, windowMs: 600_000 } },
      trustProxy: false,
    })
    expect(settings.leads).toEqual({
      storage: "disk",
      dir: path.join("/srv/site", "data", "leads"),
      smtp: null,
      webhook: null,
      retryBaseMs: 30_000,
      retryMaxMs: 3_600_000,
      retentionDays: 1095,
      maxBytes: 2048 * 1024 * 1024,
      minFreeBytes: 512 * 1024 * 1024,
    })
  })

  it("blank values count as unset", () => {
    expect(readSettings({ PORT: "", SMTP_URL: " ", LEADS_WEBHOOK_URL: "", TRUST_PROXY: "" }).problems).toEqual([])
  })
})

describe("valid values", () => {
  it("reads the host's numbers, prefix, limits and proxy trust", () => {
    const { settings, problems } = readHostSettings({
      PORT: "0",
      HOST: "0.0.0.0",
      PATH_PREFIX: "/boutique/",
      BODY_TIMEOUT_MS: "2000",
      CHAT_RATE_LIMIT: "1000000",
      CHAT_RATE_WINDOW_S: "10",
      ESTIMATE_RATE_LIMIT: "off",
      TRUST_PROXY: "loopback, 10.0.0.0/8",
    })
    expect(problems).toEqual([])
    expect(settings).toEqual({
      port: 0,
      host: "0.0.0.0",
      prefix: "/boutique",
      bodyTimeoutMs: 2000,
      rateLimits: { chat: { limit: 1_000_000, windowMs: 10_000 }, leads: null },
      trustProxy: "loopback, 10.0.0.0/8",
    })
    expect(readHostSettings({ TRUST_PROXY: "2", ESTIMATE_RATE_LIMIT: "3/60" }).settings).toMatchObject({
      trustProxy: 2,
      rateLimits: { leads: { limit: 3, windowMs: 60_000 } },
    })
    expect(readHostSettings({ TRUST_PROXY: "true" }).settings.trustProxy).toBe(true)
  })

  it("reads mail and webhook delivery", () => {
    const { settings, problems } = readLeadsSettings({
      SMTP_URL: "smtps://user:pass@mail.exemple.fr:465",
      LEADS_TO: "equipe@exemple.fr",
      LEADS_FROM: "maxAi <site@exemple.fr>",
      LEADS_WEBHOOK_URL: "https://hooks.exemple.fr/leads",
      LEADS_RETRY_BASE_MS: "100",
      LEADS_RETENTION_DAYS: "365",
    })
    expect(problems).toEqual([])
    expect(settings).toMatchObject({
      smtp: { url: "smtps://user:pass@mail.exemple.fr:465", to: "equipe@exemple.fr", from: "maxAi <site@exemple.fr>" },
      webhook: "https://hooks.exemple.fr/leads",
      retryBaseMs: 100,
      retentionDays: 365,
    })
  })

  it("recognises a serverless host and keeps the outbox in the temporary folder there", () => {
    const { settings } = readLeadsSettings({ NETLIFY: "true", LEADS_WEBHOOK_URL: "https://hooks.exemple.fr/leads" })
    expect(settings.storage).toBe("ephemeral")
    expect(settings.dir).toBe(path.join(os.tmpdir(), "maxai-leads"))
    expect(readLeadsSettings({ NETLIFY: "true", LEADS_STORAGE: "disk" }).settings.storage).toBe("disk")
  })
})

describe("mistakes", () => {
  it("collects every bad value at once, each named with its variable and value in French", () => {
    const { settings, problems } = readSettings({
      PORT: "neuf mille",
      PATH_PREFIX: "boutique",
      BODY_TIMEOUT_MS: "50",
      CHAT_RATE_LIMIT: "0",
      CHAT_RATE_WINDOW_S: "1.5",
      ESTIMATE_RATE_LIMIT: "10 par heure",
      TRUST_PROXY: "oui",
      LEADS_STORAGE: "cloud",
      SMTP_URL: "http://mail.exemple.fr",
      LEADS_TO: "equipe",
      LEADS_FROM: "site@exemple.fr",
      LEADS_WEBHOOK_URL: "ftp://hooks.exemple.fr",
      LEADS_RETRY_BASE_MS: "30s",
      LEADS_RETRY_MAX_MS: "-1",
      LEADS_RETENTION_DAYS: "3 ans",
    })
    expect(problems).toEqual([
      "PORT vaut « neuf mille » : attendu un nombre entier entre 0 et 65535.",
      "PATH_PREFIX vaut « boutique » : attendu un chemin qui commence par « / », sans espace ni « ? » (ex. /boutique).",
      "BODY_TIMEOUT_MS vaut « 50 » : attendu un nombre entier ≥ 100.",
      "CHAT_RATE_LIMIT vaut « 0 » : attendu un nombre entier ≥ 1.",
      "CHAT_RATE_WINDOW_S vaut « 1.5 » : attendu un nombre entier ≥ 1.",
      "ESTIMATE_RATE_LIMIT vaut « 10 par heure » : attendu « nombre/secondes » (ex. 10/600) ou « off ».",
      expect.stringMatching(/^TRUST_PROXY vaut « oui » : attendu true, false, un nombre de relais ou des adresses/),
      "LEADS_STORAGE vaut « cloud » : attendu « disk » ou « ephemeral ».",
      "SMTP_URL vaut « http://mail.exemple.fr » : attendu une adresse smtp://… ou smtps://….",
      "LEADS_TO vaut « equipe » : attendu une adresse email (ex. equipe@exemple.fr).",
      "LEADS_WEBHOOK_URL vaut « ftp://hooks.exemple.fr » : attendu une adresse https://… ou http://….",
      "LEADS_RETRY_BASE_MS vaut « 30s » : attendu un nombre entier ≥ 1.",
      "LEADS_RETRY_MAX_MS vaut « -1 » : attendu un nombre entier ≥ 1.",
      "LEADS_RETENTION_DAYS vaut « 3 ans » : attendu un nombre entier ≥ 1.",
    ])
    // What was refused falls back to its default, never to a half-read value.
    expect(settings.host.port).toBe(9000)
    expect(settings.leads.smtp).toBeNull()
    expect(settings.leads.webhook).toBeNull()
    expect(settings.leads.retentionDays).toBe(1095)
  })

  it("names the missing mail variables when only some are given", () => {
    const { settings, problems } = readLeadsSettings({ SMTP_URL: "smtp://127.0.0.1:2525" })
    expect(settings.smtp).toBeNull()
    expect(problems).toEqual(["envoi par email désactivé : LEADS_TO, LEADS_FROM manquant(s) (SMTP_URL, LEADS_TO et LEADS_FROM vont ensemble)."])
  })

  it("refuses ephemeral storage without any delivery, since every request would then be refused", () => {
    expect(readLeadsSettings({ LEADS_STORAGE: "ephemeral" }).problems).toEqual([expect.stringMatching(/^stockage éphémère .* sans envoi configuré/)])
    expect(readLeadsSettings({ AWS_LAMBDA_FUNCTION_NAME: "contact" }).problems).toHaveLength(1)
  })
})

describe("run time, not build time", () => {
  it("reads the environment as it is when called (a variable set after loading is seen)", () => {
    process.env.LEADS_DIR = "/srv/outbox-set-at-run-time"
    try {
      expect(readLeadsSettings().settings.dir).toBe("/srv/outbox-set-at-run-time")
    } finally {
      delete process.env.LEADS_DIR
    }
  })

  it("never spells process.env in code, which Gatsby's DefinePlugin would replace by build-time values in the functions", () => {
    const source = readFileSync(path.join(ROOT, "src/server/settings.ts"), "utf8")
    const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "")
    expect(code).not.toMatch(/process\s*\.\s*env|process\s*\[/)
  })
})

describe("the production entry (src/server/host/serve.ts)", () => {
  it("does not start with a bad setting and lists every problem, before looking for a build", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "src/server/host/serve.ts"], {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 30_000,
      env: { ...process.env, PORT: "quatre-vingt", LEADS_STORAGE: "nuage", SMTP_URL: "", LEADS_WEBHOOK_URL: "" },
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain("serve : réglages invalides, le serveur ne démarre pas :")
    expect(run.stderr).toContain("  - PORT vaut « quatre-vingt »")
    expect(run.stderr).toContain("  - LEADS_STORAGE vaut « nuage »")
    expect(run.stdout).not.toContain("Site et API servis")
  })
})

describe("the anti-spam proof-of-work", () => {
  it("is on by default with a key drawn per process; off or a secret of one's own when asked", () => {
    expect(readSettings({}).settings.proofOfWork).toEqual({ enabled: true, secret: null })
    const secret = "s".repeat(32)
    expect(readProofOfWorkSettings({ LEADS_PROOF_OF_WORK: "OFF", LEADS_POW_SECRET: secret })).toEqual({ settings: { enabled: false, secret }, problems: [] })
  })

  it("refuses an unknown word and a short secret, naming each, and the server with them", () => {
    const { settings, problems } = readSettings({ LEADS_PROOF_OF_WORK: "peut-être", LEADS_POW_SECRET: "court" })
    expect(problems).toEqual([
      "LEADS_PROOF_OF_WORK vaut « peut-être » : attendu « on » ou « off ».",
      "LEADS_POW_SECRET est trop courte (5 caractères) : attendu 32 caractères au moins.",
    ])
    // Refused values never weaken the check: it stays on, with a key of its own.
    expect(settings.proofOfWork).toEqual({ enabled: true, secret: null })
  })
})
