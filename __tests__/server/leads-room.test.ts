/**
 * @jest-environment node
 *
 * The outbox's cap (LEADS_MAX_MB) and the free space it leaves (LEADS_MIN_FREE_MB), checked
 * before a body is read: past either, 503 in French at once, while the client has sent only
 * its headers, and nothing is written.
 */
import { readdirSync } from "node:fs"
import net from "node:net"
import path from "node:path"
import express from "express"
import type { AddressInfo } from "node:net"
import { receiveContact } from "../../src/server/contact/receive"
import { apiRouter } from "../../src/server/host/api"
import { sendApiResponse, textBody } from "../../src/server/http/function-adapter"
import { bytesUnder, outboxRoom } from "../../src/server/leads/room"
import { createLeadsService } from "../../src/server/leads/service"
import { estimateForm, JPEG, post, PROOF_OFF, startEstimateServer, testConfig, type EstimateServer } from "../helpers/estimate-server"

const KB = 1024
/** A 600 KB photo: its first bytes are a JPEG's, which is all the route checks. */
const PHOTO = Buffer.concat([JPEG, Buffer.alloc(600 * KB - JPEG.length)])

let server: EstimateServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const everything = (dir: string) => readdirSync(dir, { recursive: true, encoding: "utf8" }).sort()

/** Sends only the headers of a multipart POST announcing `length` bytes, and returns the answer that comes without the body. */
function headersOnly(url: string, length: number): Promise<{ status: number; json: { error: string; message: string } }> {
  const { hostname, port, pathname } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname)
    let raw = ""
    socket.on("data", (chunk) => {
      raw += chunk.toString("utf8")
      const [head, body] = raw.split("\r\n\r\n")
      const length = Number(/content-length: (\d+)/i.exec(head ?? "")?.[1])
      if (body !== undefined && Buffer.byteLength(body) >= length) {
        socket.destroy()
        resolve({ status: Number(head!.split(" ")[1]), json: JSON.parse(body) })
      }
    })
    socket.on("error", reject)
    socket.write(`POST ${pathname} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${length}\r\n\r\n`)
  })
}

test("an outbox at its cap answers 503 before the body is sent, and writes nothing", async () => {
  server = await startEstimateServer(testConfig({ maxBytes: 1024 * KB }))
  const { dir } = server.service.settings
  const first = await post(server.url, estimateForm({ email: "claire@exemple.fr" }, [{ name: "a.jpg", bytes: PHOTO }]))
  expect(first.status).toBe(201)
  expect(await bytesUnder(dir)).toBeGreaterThan(600 * KB)
  const before = everything(dir)

  // 600 KB more would pass 1 MB: refused from the headers alone.
  const refused = await headersOnly(server.url, PHOTO.length + 1000)
  expect(refused).toEqual({
    status: 503,
    json: {
      error: "leads_storage_full",
      message: "Nous ne pouvons pas enregistrer de nouvelle demande pour le moment : la vôtre n'a pas été envoyée. Réessayez plus tard.",
    },
  })
  const second = await post(server.url, estimateForm({ email: "paul@exemple.fr" }, [{ name: "b.jpg", bytes: PHOTO }]))
  expect(second.status).toBe(503)
  expect(second.headers.get("retry-after")).toBe("3600")
  expect(everything(dir)).toEqual(before)
  // A small request still fits.
  const small = await post(server.url, estimateForm({ email: "paul@exemple.fr" }, [{ name: "c.jpg", bytes: JPEG }]))
  expect(small.status).toBe(201)
})

test("a disk without the free space LEADS_MIN_FREE_MB asks for answers 503 and writes nothing", async () => {
  // More free space than any disk has: the real statfs of the test's disk says no.
  server = await startEstimateServer(testConfig({ minFreeBytes: Number.MAX_SAFE_INTEGER }))
  // The server's own empty upload folder, made at start, is all there is.
  const before = everything(server.service.settings.dir)
  const answer = await post(server.url, estimateForm({ email: "claire@exemple.fr" }, [{ name: "a.jpg", bytes: JPEG }]))
  expect(answer.status).toBe(503)
  expect(answer.json.error).toBe("leads_storage_full")
  expect(everything(server.service.settings.dir)).toEqual(before)
  expect(path.isAbsolute(server.service.settings.dir)).toBe(true)
})

test("the chat's contact route is held to the same room: 503, nothing stored", async () => {
  const service = createLeadsService(testConfig({ maxBytes: 1 }), () => undefined)
  const contact = {
    route: "contact",
    handler: async (req: express.Request, res: express.Response) => {
      sendApiResponse(
        res as never,
        await receiveContact({ method: req.method, contentType: req.headers["content-type"], body: textBody(req as never) }, service, PROOF_OFF),
      )
    },
  }
  const app = express().use(
    "/api",
    apiRouter(() => [contact], {
      bodyTimeoutMs: 5000,
      uploadDir: path.join(service.settings.dir, ".uploads"),
      rateLimits: { chat: null, leads: null },
      outboxRoom: outboxRoom(service.settings),
    }),
  )
  const listening = app.listen(0, "127.0.0.1")
  await new Promise((resolve) => listening.once("listening", resolve))
  try {
    const { port } = listening.address() as AddressInfo
    const answer = await post(`http://127.0.0.1:${port}/api/contact`, JSON.stringify({ email: "paul@exemple.fr" }), { "Content-Type": "application/json" })
    expect(answer.status).toBe(503)
    expect(answer.json.error).toBe("leads_storage_full")
    expect(everything(service.settings.dir)).toEqual([])
  } finally {
    service.courier.stop()
    listening.closeAllConnections()
    await new Promise((resolve) => listening.close(resolve))
  }
})

test("a request never waits for the outbox to be measured: the walk runs beside it, and what it admitted meanwhile still counts", async () => {
  const dir = testConfig().dir
  let finishWalk: (total: number) => void = () => undefined
  let walks = 0
  const slowWalk = () => {
    walks += 1
    return new Promise<number>((done) => (finishWalk = done))
  }
  const room = outboxRoom({ dir, maxBytes: 1000 * KB, minFreeBytes: 0 }, slowWalk)
  // The walk started with the room (the server's start) and is not over: the request is answered at once.
  expect(walks).toBe(1)
  expect(await room(400 * KB)).toBeNull()
  expect(await room(400 * KB)).toBeNull()
  // The two admitted count though the walk has not ended: a third would pass the cap.
  expect((await room(400 * KB))?.status).toBe(503)
  expect(walks).toBe(1)
  // The walk ends having found 100 KB on the disk (it began before the two requests): 900 KB counted.
  finishWalk(100 * KB)
  await new Promise((done) => setImmediate(done))
  expect(await room(100 * KB)).toBeNull()
  expect((await room(1))?.status).toBe(503)
})
