/**
 * A real HTTP server on 127.0.0.1 (ephemeral port) answering POST /api/estimate through the
 * served build's API router (src/server/host/api.ts: the body read by src/server/http/body.ts under
 * ESTIMATE_ROUTE, after the outbox room check) with the same glue as src/api/estimate.ts, over a
 * leads service built from a config the test chooses.
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs"
import express from "express"
import type http from "node:http"
import type { AddressInfo } from "node:net"
import os from "node:os"
import path from "node:path"
import { prepareFolders } from "../../src/server/host/folders"
import { apiRouter } from "../../src/server/host/api"
import { lastResort } from "../../src/server/host/app"
import { receiveEstimate } from "../../src/server/estimate/receive"
import { buybackIntake } from "../../src/server/buyback/intake"
import { sellerRouter } from "../../src/server/buyback/seller-router"
import { Buybacks } from "../../src/server/buyback/store"
import { siteLink } from "../../src/server/site-link"
import { Register } from "../../src/server/register/register"
import { sendApiResponse } from "../../src/server/http/function-adapter"
import { readLeadsSettings, type LeadsSettings, type RateLimitSettings } from "../../src/server/settings"
import { outboxRoom } from "../../src/server/leads/room"
import { createLeadsService, type LeadsService } from "../../src/server/leads/service"
import { createProofOfWork, type ProofOfWork } from "../../src/server/proof-of-work/guard"

export const ROOT = path.resolve(__dirname, "../..")
export const JPEG = readFileSync(path.join(ROOT, "content/images/items/01-lacoste-polo-blanc.jpg"))
export const JPEG_2 = readFileSync(path.join(ROOT, "content/images/items/02-ralph-lauren-polo-marine.jpg"))
export const PNG = readFileSync(path.join(ROOT, "content/images/icon.png"))

export function tempDir(prefix = "maxai-leads-"): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix))
}

export function testConfig(overrides: Partial<LeadsSettings> = {}): LeadsSettings {
  return { ...readLeadsSettings({ LEADS_DIR: tempDir() }).settings, retryBaseMs: 100, retryMaxMs: 400, ...overrides }
}

export type EstimateServer = { url: string; service: LeadsService; close: () => Promise<void> }

/** The anti-spam check as LEADS_PROOF_OF_WORK=off makes it: for tests about everything else. */
export const PROOF_OFF: ProofOfWork = createProofOfWork({ enabled: false, secret: null })

/**
 * `leadsRateLimit`: the server's ESTIMATE_RATE_LIMIT (off unless given); `proof`: the anti-spam
 * check (off unless given); `buyback`: the function's buy-back intake as src/api/estimate.ts hands
 * it over, and the sellers' pages at /suivi/ as the host mounts them; `log`: where the leads
 * service's start lines go (nowhere unless given).
 */
export async function startEstimateServer(
  config: LeadsSettings,
  leadsRateLimit: RateLimitSettings | null = null,
  proof: ProofOfWork = PROOF_OFF,
  { buyback = false, log = () => undefined }: { buyback?: boolean; log?: (line: string) => void } = {},
): Promise<EstimateServer> {
  const service = createLeadsService(config, log, () => undefined)
  await service.ready
  const app = express()
  const estimate = {
    route: "estimate",
    handler: async (req: express.Request, res: express.Response) => {
      const request = { method: req.method, body: req.body as unknown, ...(buyback ? { site: siteLink(req, "") } : {}) }
      sendApiResponse(res as never, await receiveEstimate(request, service, proof, buyback ? buybackIntake : undefined))
    },
  }
  // The room check serve.ts installs: the config's LEADS_MAX_MB and LEADS_MIN_FREE_MB apply.
  const folders = prepareFolders(config.dir)
  if ("problem" in folders) throw new Error(folders.problem)
  app.use(
    "/api",
    apiRouter(() => [estimate], {
      bodyTimeoutMs: 5000,
      uploadDir: folders.uploadDir,
      rateLimits: { chat: null, leads: leadsRateLimit },
      outboxRoom: outboxRoom(config),
    }),
  )
  if (buyback) {
    const buybacks = new Buybacks(service.outbox, new Register(tempDir("maxai-registre-")), service.ready, service.letters)
    app.use(
      "/suivi",
      sellerRouter(() => buybacks),
    )
  }
  app.use(lastResort)
  const server: http.Server = app.listen(0, "127.0.0.1")
  await new Promise<void>((resolve) => server.once("listening", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/api/estimate`,
    service,
    close: () =>
      new Promise((resolve) => {
        service.courier.stop()
        service.letters.stop()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export type Photo = { name: string; bytes: Buffer; type?: string }

export function estimateForm(fields: Record<string, string>, photos: Photo[]): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  for (const photo of photos) form.append("photos", new Blob([new Uint8Array(photo.bytes)], { type: photo.type ?? "image/jpeg" }), photo.name)
  return form
}

export async function post(
  url: string,
  body: FormData | string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; json: { id?: string; error?: string; message: string; page?: string } }> {
  const response = await fetch(url, { method: "POST", body, headers })
  return {
    status: response.status,
    headers: response.headers,
    json: (await response.json()) as { id?: string; error?: string; message: string; page?: string },
  }
}

/**
 * A fresh estimate server for each test of the file (`restart()` gives the test one with other
 * settings), and what its outbox holds: the request folders (what the team will receive) and the
 * uploads still being read.
 */
export function useEstimateServer() {
  let current: EstimateServer
  beforeEach(async () => {
    current = await startEstimateServer(testConfig())
  })
  afterEach(() => current.close())
  return {
    server: () => current,
    async restart(...settings: Parameters<typeof startEstimateServer>): Promise<EstimateServer> {
      await current.close()
      current = await startEstimateServer(...settings)
      return current
    },
    storedIds: () => readdirSync(current.service.settings.dir).filter((name) => !name.startsWith(".")),
    incoming: () => {
      try {
        return readdirSync(path.join(current.service.settings.dir, ".incoming"))
      } catch {
        return []
      }
    },
  }
}
