/**
 * @jest-environment node
 *
 * The production server (src/server/host/app.ts) with the functions' sources and a small public/
 * fixture, on an ephemeral loopback port: the chat rate limit, bodies read before the functions
 * run (split, slow, cut off), the safety net. The served build itself is checked by
 * e2e/server-faults.spec.mjs and e2e/server-static.spec.mjs.
 */
import { spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import type { Server } from "node:http"
import net, { type AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import chat from "../../src/api/chat"
import news from "../../src/api/vinted/news"
import stores from "../../src/api/vinted/stores"
import type { ApiFunction, FunctionHandler } from "../../src/server/host/api"
import { createHttpServer, type ServerSettings } from "../../src/server/host/app"
import { ServedSite } from "../../src/server/host/served"

const publicDir = mkdtempSync(join(tmpdir(), "maxai-public-"))
const uploadDir = mkdtempSync(join(tmpdir(), "maxai-uploads-"))
mkdirSync(join(publicDir, "static"))
writeFileSync(join(publicDir, "index.html"), "<!doctype html><html lang=fr><title>Accueil</title></html>")
writeFileSync(join(publicDir, "404.html"), "<!doctype html><html lang=fr><title>Page introuvable</title></html>")
writeFileSync(join(publicDir, "static", "a.png"), "png")
writeFileSync(join(publicDir, "app-0123456789abcdef0123.js.map"), '{"sourcesContent":["secret"]}')
writeFileSync(join(publicDir, "index.html.br"), "br")
writeFileSync(
  join(publicDir, "_headers"),
  "/*\n  Cross-Origin-Resource-Policy: same-origin\n\n/static/*\n  Cache-Control: public, max-age=31536000, immutable\n",
)

const functions: ApiFunction[] = [
  { route: "chat", handler: chat as unknown as FunctionHandler },
  { route: "vinted/stores", handler: stores as unknown as FunctionHandler },
  { route: "vinted/news", handler: news as unknown as FunctionHandler },
]

const servers: Server[] = []
async function start(overrides: Partial<ServerSettings> = {}): Promise<{ base: string; port: number }> {
  const server = createHttpServer({
    site: new ServedSite({ publicDir, functions }),
    uploadDir,
    prefix: "",
    bodyTimeoutMs: 5000,
    rateLimits: { chat: { limit: 1000, windowMs: 60_000 }, leads: null },
    trustProxy: false,
    ...overrides,
  })
  servers.push(server)
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done))
  const { port } = server.address() as AddressInfo
  return { base: `http://127.0.0.1:${port}`, port }
}
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections()
    await new Promise((done) => server.close(done))
  }
  rmSync(publicDir, { recursive: true, force: true })
  rmSync(uploadDir, { recursive: true, force: true })
})

const chatBody = JSON.stringify({ message: "Quel délai pour le rachat ?", user_name: "Utilisateur anonyme", user_email: null })
const postChat = (base: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/chat`, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: chatBody })

/** Writes `chunks` on a raw socket, `gapMs` apart, and returns what the server answered. */
function raw(port: number, chunks: Array<string | Buffer>, gapMs = 0, waitMs = 3000): Promise<string> {
  return new Promise((done) => {
    let text = ""
    const socket = net.connect(port, "127.0.0.1", async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) break
        socket.write(chunk)
        await new Promise((wait) => setTimeout(wait, gapMs))
      }
    })
    const deadline = setTimeout(() => socket.destroy(), waitMs)
    socket.on("data", (chunk) => (text += chunk.toString("utf8")))
    socket.on("error", () => {})
    socket.on("close", () => {
      clearTimeout(deadline)
      done(text)
    })
  })
}

describe("rate limit on /api/chat", () => {
  it("answers 429 in French JSON with Retry-After past the configured limit, per client", async () => {
    const { base } = await start({ rateLimits: { chat: { limit: 3, windowMs: 60_000 }, leads: null } })
    for (let sent = 0; sent < 3; sent += 1) expect((await postChat(base)).status).toBe(200)
    const limited = await postChat(base)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0)
    expect(limited.headers.get("ratelimit-policy")).toBe("3;w=60")
    expect(await limited.json()).toEqual({
      error: "too_many_requests",
      message: expect.stringMatching(/^Trop de messages en peu de temps : réessayez dans \d+ s\.$/),
    })
    // The other routes are not limited.
    expect((await fetch(`${base}/api/vinted/stores`)).status).toBe(200)
  })
})

describe("request bodies, read before the function runs", () => {
  it("decodes a chunked chat body split inside a UTF-8 character", async () => {
    const { port } = await start()
    const bytes = Buffer.from(JSON.stringify({ message: "Délai ?" }))
    const cut = bytes.indexOf(0xc3) + 1
    const head = "POST /api/chat HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    const chunk = (part: Buffer) => Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from("\r\n")])
    const answer = await raw(port, [head, chunk(bytes.subarray(0, cut)), chunk(bytes.subarray(cut)), "0\r\n\r\n"], 20)
    expect(answer).toMatch(/^HTTP\/1\.1 200 /)
    expect(answer).toContain("48 h")
  })

  it("answers a body slower than BODY_TIMEOUT_MS with a 408 JSON and closes the connection", async () => {
    const { port, base } = await start({ bodyTimeoutMs: 300 })
    const head = "POST /api/chat HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"
    const answer = await raw(port, [head, "{", '"m'], 400)
    expect(answer).toMatch(/^HTTP\/1\.1 408 /)
    expect(answer).toContain('"request_timeout"')
    expect((await postChat(base)).status).toBe(200)
  })

  it("ends a body trickled to a page, a POST to a file or a 404 within BODY_TIMEOUT_MS, not the estimate's 5 minutes", async () => {
    const { port } = await start({ bodyTimeoutMs: 300 })
    const started = performance.now()
    const answers = await Promise.all(
      ["GET /", "POST /index.html", "GET /page-inexistante/"].map((line) =>
        raw(port, [`${line} HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n`, ...Array.from({ length: 20 }, () => "a")], 100, 4000),
      ),
    )
    // Each got its answer, then the server closed the connection well before the 2 s of trickle.
    expect(answers.map((answer) => answer.slice(0, 12))).toEqual(["HTTP/1.1 200", "HTTP/1.1 405", "HTTP/1.1 404"])
    expect(performance.now() - started).toBeLessThan(1500)
  })

  it("survives bodies cut off on every route, then answers normally", async () => {
    const { port, base } = await start()
    for (const path of ["/api/chat", "/api/vinted/stores", "/api/vinted/news", "/api/inconnue", "/"]) {
      await raw(port, [`PUT ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"message`], 0, 100)
    }
    expect((await postChat(base)).status).toBe(200)
    expect((await fetch(base)).status).toBe(200)
  })
})

describe("posts from another site", () => {
  const refused = { error: "cross_site", message: expect.stringContaining("autre site") }

  it("refuses with 403 in French what a page of another site makes a browser post", async () => {
    const { base } = await start()
    for (const headers of <Array<Record<string, string>>>[
      { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" },
      { "Sec-Fetch-Site": "same-site", Origin: "https://boutique.example" },
      { Origin: "https://evil.example" },
      { Origin: "null" },
    ]) {
      const response = await postChat(base, headers)
      expect([response.status, await response.json()]).toEqual([403, refused])
    }
  })

  it("takes the site's own pages, typed addresses and clients that send neither header", async () => {
    const { base } = await start()
    for (const headers of <Array<Record<string, string>>>[
      { "Sec-Fetch-Site": "same-origin", Origin: base },
      { "Sec-Fetch-Site": "none" },
      { Origin: base },
      {},
    ]) {
      expect((await postChat(base, headers)).status).toBe(200)
    }
  })

  it("reads the site's host from X-Forwarded-Host only behind a trusted proxy", async () => {
    const proxied = { Origin: "https://boutique.example", "X-Forwarded-Host": "boutique.example", "X-Forwarded-Proto": "https" }
    const trusting = await start({ trustProxy: "loopback" })
    expect((await postChat(trusting.base, proxied)).status).toBe(200)
    const direct = await start()
    expect((await postChat(direct.base, proxied)).status).toBe(403)
  })
})

describe("files not for visitors", () => {
  it("answers 404 to every artefact however its address is spelled, as the static server would decode it", async () => {
    const { base } = await start()
    const spellings = [
      "/app-0123456789abcdef0123.js.map",
      "/app-0123456789abcdef0123.js.ma%70",
      "/app-0123456789abcdef0123.js%2Emap",
      "/_headers",
      "/_header%73",
      "/%5Fheaders",
      "/%5f%68eaders",
      "/static/..%2F_headers",
      "/static/%2E%2E/_headers",
      "/index.html.br",
      "/index.html.b%72",
    ]
    const statuses = await Promise.all(spellings.map(async (path) => [path, (await fetch(`${base}${path}`)).status]))
    expect(statuses).toEqual(spellings.map((path) => [path, 404]))
    expect((await fetch(`${base}/static/a.pn%67`)).status).toBe(200)
  })
})

describe("the last-resort handler", () => {
  it("answers a function that throws with the one 500 JSON, logs it, and keeps serving", async () => {
    const errors = jest.spyOn(console, "error").mockImplementation(() => {})
    const failing: FunctionHandler = () => {
      throw new Error("panne")
    }
    const { base } = await start({
      site: new ServedSite({ publicDir, functions: [...functions.filter(({ route }) => route !== "vinted/news"), { route: "vinted/news", handler: failing }] }),
    })
    const answer = await fetch(`${base}/api/vinted/news`)
    expect(answer.status).toBe(500)
    expect(answer.headers.get("cache-control")).toBe("no-store")
    expect(await answer.json()).toEqual({ error: "internal_error", message: "Erreur interne du serveur." })
    expect(errors).toHaveBeenCalledWith("serve : GET /api/vinted/news a échoué", expect.any(Error))
    expect((await fetch(`${base}/api/vinted/stores`)).status).toBe(200)
    errors.mockRestore()
  })
})

describe("safety net", () => {
  it("logs an error nothing caught and keeps the process running", () => {
    const script = `
      import { installSafetyNet } from "./src/server/host/safety-net.ts"
      installSafetyNet()
      setTimeout(() => { throw new Error("panne imprévue") }, 10)
      setTimeout(() => Promise.reject(new Error("rejet imprévu")), 20)
      setTimeout(() => console.log("toujours là"), 100)
    `
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: resolve(__dirname, "../.."),
      encoding: "utf8",
      timeout: 30_000,
    })
    expect(run.status).toBe(0)
    expect(run.stdout).toContain("toujours là")
    expect(run.stderr).toContain("erreur non rattrapée, le serveur continue : Error: panne imprévue")
    expect(run.stderr).toContain("promesse rejetée sans traitement, le serveur continue : Error: rejet imprévu")
  })
})
