/**
 * @jest-environment node
 *
 * The one place request bodies are read (src/server/http/body.ts, multipart in src/server/http/multipart.ts),
 * served by a real HTTP server on an ephemeral loopback port the way src/server/host/api.ts uses
 * it: refuse from the headers, read within the limits, answer the outcome. The multipart rule is
 * the one the coming estimate form will declare (4 photos of 10 MB, email, description).
 */
import { existsSync, readFileSync, readdirSync } from "node:fs"
import { tmpdir } from "node:os"
import { createServer, type IncomingMessage, type Server } from "node:http"
import net from "node:net"
import type { AddressInfo } from "node:net"
import { readBody, refuseFromHeaders, type MultipartBody } from "../../src/server/http/body"
import { KB, MB, type BodyRule } from "../../src/server/http/routes"

const ESTIMATE_BODY: BodyRule = {
  mediaTypes: ["multipart/form-data"],
  maxBytes: 41 * MB,
  timeoutMs: 2000,
  multipart: { files: 4, fileBytes: 10 * MB, fileMediaTypes: ["image/jpeg", "image/png", "image/webp"], fields: 4, fieldBytes: 4 * KB },
}

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
  const refusal = refuseFromHeaders(req, ESTIMATE_BODY)
  if (refusal) return send(refusal.status, refusal.body)
  const outcome = await readBody(req, ESTIMATE_BODY, 5000)
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
    const uploads = () => readdirSync(tmpdir()).filter((name) => name.startsWith("maxai-upload-"))
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
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(uploads()).toEqual(before)
    // The server still answers the next visitor.
    expect((await post(form([photo(10)]))).status).toBe(200)
  })
})
