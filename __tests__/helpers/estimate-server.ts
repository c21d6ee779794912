/**
 * A real HTTP server on 127.0.0.1 (ephemeral port) answering POST /api/estimate with the same
 * glue as src/api/estimate.ts, over a leads service built from a config the test chooses.
 */
import { mkdtempSync, readFileSync } from "node:fs"
import http from "node:http"
import type { AddressInfo } from "node:net"
import os from "node:os"
import path from "node:path"
import { receiveEstimate } from "../../src/server/estimate/receive"
import { readLeadsConfig, type LeadsConfig } from "../../src/server/leads/config"
import { createLeadsService, type LeadsService } from "../../src/server/leads/service"

export const ROOT = path.resolve(__dirname, "../..")
export const JPEG = readFileSync(path.join(ROOT, "content/images/items/01-lacoste-polo-blanc.jpg"))
export const JPEG_2 = readFileSync(path.join(ROOT, "content/images/items/02-ralph-lauren-polo-marine.jpg"))
export const PNG = readFileSync(path.join(ROOT, "content/images/icon.png"))

export function tempDir(prefix = "maxai-leads-"): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix))
}

export function testConfig(overrides: Partial<LeadsConfig> = {}): LeadsConfig {
  return { ...readLeadsConfig({ LEADS_DIR: tempDir(), ESTIMATE_RATE_LIMIT: "off" }), retryBaseMs: 100, retryMaxMs: 400, ...overrides }
}

export type EstimateServer = { url: string; service: LeadsService; close: () => Promise<void> }

export async function startEstimateServer(config: LeadsConfig): Promise<EstimateServer> {
  const service = createLeadsService(config, () => undefined, () => undefined)
  await service.ready
  const server = http.createServer((req, res) => {
    void receiveEstimate(req, service).then((received) => {
      if (!received || res.writableEnded || req.socket.destroyed) return
      const headers: Record<string, string> = { "Content-Type": "application/json", ...received.response.headers }
      if (received.closeConnection) headers.Connection = "close"
      res.writeHead(received.response.status, headers).end(JSON.stringify(received.response.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/api/estimate`,
    service,
    close: () =>
      new Promise((resolve) => {
        service.courier.stop()
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

export async function post(url: string, body: FormData | string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; json: { id?: string; error?: string; message: string } }> {
  const response = await fetch(url, { method: "POST", body, headers })
  return { status: response.status, headers: response.headers, json: (await response.json()) as { id?: string; error?: string; message: string } }
}
