/**
 * @jest-environment node
 *
 * The one place request bodies are read (src/server/http/body.ts, multipart in src/server/http/multipart.ts),
 * served by a real HTTP server on an ephemeral loopback port the way src/server/host/api.ts uses
 * it: refuse from the headers, read within the limits, answer the outcome. The multipart rule is
 * the one the coming estimate form will declare (4 photos of 10 MB, email, description).
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createServer, type IncomingMessage, type Server } from "node:http"
import net from "node:net"
import type { AddressInfo } from "node:net"
import { readBody, refuseFromHeaders, type MultipartBody } from "../../src/server/http/body"
import { KB, MB, type BodyRule } from "../../src/server/http/routes"

const ESTIMATE_BODY: BodyRule = {
  mediaTypes: ["multipart/form-data"],
  maxBytes: 41 * MB,
  timeoutMs: 2000,
  multipart: { files: 4, fileBytes: 10 * MB, fileMediaTypes: ["image/jpeg", "image/png", "image/webp"], fileFields: ["photos"], fields: 4, fieldBytes: 4 * KB },
}
/** The same rule with a shorter body timeout, at /slow: the too-slow client is answered sooner, for the same code. */
const SLOW_BODY: BodyRule = { ...ESTIMATE_BODY, timeoutMs: 400 }
const uploadDir = mkdtempSync(join(tmpdir(), "maxai-body-uploads-"))

type Seen = {
  files: Array<{ field: string; filename: string; mediaType: string; bytes: number; content: string; path: string }>
  fields: Record<string, string>
}

let server: Server
let base: string
/** What the route received, and whether its temporary files existed while it ran. */
let seen: Seen | null = null

async function route(req: IncomingMessage, res: import("node:http").ServerResponse) {
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json", Connection: "close" })
    res.end(JSON.stringify(body))
  }
  const rule = req.url === "/slow" ? SLOW_BODY : ESTIMATE_BODY
  const refusal = refuseFromHeaders(req, rule)
  if (refusal) return send(refusal.status, refusal.body)
  const outcome = await readBody(req, rule, { bodyTimeoutMs: 5000, uploadDir })
  if (!outcome.ok) {
    if (outcome.response) send(outcome.response.status, outcome.response.body)
    return
  }
  const body = outcome.body as MultipartBody
  seen = {
    fields: { ...body.fields },
    files: body.files.map((file) => ({ ...file, content: readFileSync(file.path, "latin1").slice(0, 20) })),
  }
  res.once("close", outcome.cleanup)
  send(200, { files: body.files.length })
}

beforeAll(async () => {
  server = createServer((req, res) => void route(req, res))
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  rmSync(uploadDir, { recursive: true, force: true })
  server.closeAllConnections()
  return new Promise((resolve) => server.close(resolve))
})
beforeEach(() => {
  seen = null
})

function form(parts: Array<{ name: string; value: string | Buffer; filename?: string; type?: string }>): FormData {
  const data = new FormData()
  for (const part of parts) {
    if (part.filename) data.append(part.name, new Blob([new Uint8Array(Buffer.from(part.value))], { type: part.type }), part.filename)
    else data.append(part.name, String(part.value))
  }
  return data
}

async function post(body: FormData | string, headers: Record<string, string> = {}) {
  const response = await fetch(base, { method: "POST", body, headers })
  return { status: response.status, body: (await response.json()) as { error?: string; message?: string; files?: number } }
}

const photo = (bytes: number, name = "photo.jpg", type = "image/jpeg") => ({ name: "photos", value: Buffer.alloc(bytes, 0x61), filename: name, type })

describe("streaming multipart for a route that declares it", () => {
  it("gives the route its fields and each photo as a temporary file, removed once answered", async () => {
    const response = await post(
      form([
        { name: "email", value: "anne@example.fr" },
        { name: "description", value: "Polo Lacoste, taille M" },
        photo(3 * MB),
        photo(1000, "dos.png", "image/png"),
      ]),
    )
    expect(response).toEqual({ status: 200, body: { files: 2 } })
    expect(seen?.fields).toEqual({ email: "anne@example.fr", description: "Polo Lacoste, taille M" })
    expect(seen?.files.map(({ field, filename, mediaType, bytes }) => ({ field, filename, mediaType, bytes }))).toEqual([
      { field: "photos", filename: "photo.jpg", mediaType: "image/jpeg", bytes: 3 * MB },
      { field: "photos", filename: "dos.png", mediaType: "image/png", bytes: 1000 },
    ])
    expect(seen?.files[0]?.content).toBe("a".repeat(20))
    await new Promise((resolve) => setTimeout(resolve, 50))
    for (const file of seen?.files ?? []) expect(existsSync(file.path)).toBe(false)
  })

  it("refuses a fifth photo with 413 in French", async () => {
    const response = await post(form([photo(10), photo(10), photo(10), photo(10), photo(10)]))
    expect(response.status).toBe(413)
    expect(response.body).toEqual({ error: "too_many_parts", message: expect.stringContaining("au plus 4 fichiers") })
    expect(seen).toBeNull()
  })

  it("refuses a photo over 10 MB with 413, without waiting for the rest", async () => {
    const response = await post(form([photo(10 * MB + 1)]))
    expect(response).toEqual({ status: 413, body: { error: "file_too_large", message: "Chaque fichier doit faire au plus 10 Mo." } })
  })

  it("refuses a file that is not an image with 415", async () => {
    const response = await post(form([photo(100, "script.sh", "application/x-sh")]))
    expect(response.status).toBe(415)
    expect(response.body.error).toBe("unsupported_media_type")
  })

  it("refuses a description over its limit with 413", async () => {
    const response = await post(form([{ name: "description", value: "x".repeat(5 * KB) }]))
    expect(response.status).toBe(413)
  })

  it("refuses a form without boundary with 400 and another media type with 415", async () => {
    expect((await post("x", { "Content-Type": "multipart/form-data" })).body.error).toBe("invalid_form")
    expect((await post("{}", { "Content-Type": "application/json" })).status).toBe(415)
  })

  it("refuses 60 MB announced in the headers with 413 before a byte of the body is sent", async () => {
    const { port } = server.address() as AddressInfo
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.write(`POST / HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${60 * MB}\r\n\r\n`)
      })
      let text = ""
      socket.on("data", (chunk) => (text += chunk.toString()))
      const deadline = setTimeout(() => socket.destroy(), 3000)
      socket.on("close", () => {
        clearTimeout(deadline)
        resolve(text)
      })
    })
    expect(answer).toMatch(/^HTTP\/1\.1 413 /)
    expect(answer).toContain('"payload_too_large"')
  })

  it("ends quietly, temporary files removed, when the visitor's connection drops mid-photo", async () => {
    const { port } = server.address() as AddressInfo
    const uploads = () => readdirSync(uploadDir)
    const before = uploads()
    const boundary = "----maxai"
    const start = `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`
    await new Promise<void>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.write(`POST / HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${5 * MB}\r\n\r\n${start}`)
        socket.write(Buffer.alloc(256 * KB, 0x62), () => setTimeout(() => socket.destroy(), 100))
      })
      socket.on("close", () => resolve())
      socket.on("error", () => resolve())
    })
    // The server removes the partial photo once it sees the connection gone: bounded wait for it.
    for (let tries = 0; tries < 60 && uploads().length > before.length; tries += 1) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(uploads()).toEqual(before)
    // The server still answers the next visitor.
    expect((await post(form([photo(10)]))).status).toBe(200)
  })
})

describe("a refused, cut-off or too slow upload leaves nothing open and nothing on disk", () => {
  const openFiles = () => readdirSync("/proc/self/fd").length
  const settled = async (expected: number) => {
    // Descriptors close on the next turns of the event loop; bounded wait.
    for (let tries = 0; tries < 40 && openFiles() > expected; tries += 1) await new Promise((resolve) => setTimeout(resolve, 50))
    return openFiles()
  }
  /** The upload folder's entries once the server's removals (after its answer) are done; bounded wait. */
  const uploadsLeft = async () => {
    for (let tries = 0; tries < 60 && readdirSync(uploadDir).length > 0; tries += 1) await new Promise((resolve) => setTimeout(resolve, 50))
    return readdirSync(uploadDir)
  }
  const boundary = "----maxai"
  const part = (name: string, value: string, filename?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"\r\nContent-Type: image/jpeg` : ""}\r\n\r\n${value}\r\n`
  const photos = (count: number) => Array.from({ length: count }, (_, index) => part("photos", "\xff\xd8\xff".padEnd(64 * KB, "a"), `p${index}.jpg`)).join("")

  /** Sends `body` raw to `address` and waits for the server to close, or hangs up after `holdMs` (never ending a body announced longer); resolves with what came back. */
  function raw(body: string, announced = Buffer.byteLength(body, "latin1"), holdMs = 0, address = "/"): Promise<string> {
    const { port } = server.address() as AddressInfo
    return new Promise((resolve) => {
      let text = ""
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.write(`POST ${address} HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${announced}\r\n\r\n`)
        socket.write(Buffer.from(body, "latin1"))
      })
      socket.on("data", (chunk) => (text += chunk.toString()))
      const deadline = setTimeout(() => socket.destroy(), holdMs || 5000)
      socket.on("close", () => {
        clearTimeout(deadline)
        resolve(text)
      })
      socket.on("error", () => undefined)
    })
  }

  it("closes and removes every file after refusals that come once the files are in", async () => {
    const before = openFiles()
    const refusals = [
      [`${photos(5)}--${boundary}--\r\n`, /"too_many_parts"/],
      [`${photos(2)}${part("description", "x".repeat(5 * KB))}--${boundary}--\r\n`, /"payload_too_large"/],
      [`${photos(2)}${["a", "b", "c", "d", "e"].map((name) => part(name, "1")).join("")}--${boundary}--\r\n`, /"too_many_parts"/],
      [`${photos(2)}${part("photos", "y".repeat(5 * KB))}--${boundary}--\r\n`, /"file_without_name"/],
      [`${photos(2)}--${boundary}\r\nbroken`, /"invalid_form"/],
    ] as const
    for (let round = 0; round < 3; round += 1) {
      for (const [body, answer] of refusals) expect(await raw(body)).toMatch(answer)
    }
    expect(await settled(before)).toBeLessThanOrEqual(before)
    expect(await uploadsLeft()).toEqual([])
  })

  it("closes and removes every file when the client hangs up or sends too slowly", async () => {
    const before = openFiles()
    // Hung up after two photos of an announced 5 MB.
    expect(await raw(photos(2), 5 * MB, 200)).toBe("")
    // Two photos, then silence: the route's body timeout (400 ms at /slow) answers 408 long before the client gives up.
    const started = performance.now()
    expect(await raw(photos(2), 5 * MB, 4000, "/slow")).toMatch(/^HTTP\/1\.1 408 /)
    expect(performance.now() - started).toBeLessThan(4000)
    expect(await settled(before)).toBeLessThanOrEqual(before)
    expect(await uploadsLeft()).toEqual([])
  })
})
