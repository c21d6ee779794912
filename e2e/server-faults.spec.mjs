/**
 * The served build under a real network's faults, spoken over raw sockets on loopback: bodies
 * cut off mid-way on every API route and method, a malformed chunked body, a body that trickles
 * past the server's body timeout, a 100 MB multipart upload announced in the headers, 50 slow
 * uploads at once. Each must end only its own request (a French JSON 4xx, or nothing when the
 * client is gone); after each, the page and the chat API still answer 200.
 * Every loop and wait is bounded (see lib/raw-http.mjs).
 */
import { test } from "@playwright/test"
import assert from "node:assert/strict"
import { abortMidBody, converse, head, parseResponse, siteStillAnswers, sleep } from "./lib/raw-http.mjs"
import { runAlone } from "./lib/locks.mjs"

// It times the server's body timeout and floods it with 50 slow uploads: it runs alone (lib/locks.mjs).
runAlone()

const API_ROUTES = ["/api/chat", "/api/estimate", "/api/contact", "/api/challenge", "/api/vinted/stores", "/api/vinted/news", "/api/inconnue"]
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
/** Longest body timeout the suite waits for (the server's BODY_TIMEOUT_MS, 10 s by default). */
const BODY_TIMEOUT_BOUND_MS = 20_000

async function assertSiteAnswers(after) {
  assert.deepEqual(await siteStillAnswers(), { page: 200, chat: 200 }, `le site ne répond plus après : ${after}`)
}

/** A French JSON error: { error, message } and nothing about the server's files. */
function assertJsonError(response, status) {
  assert.ok(response, "aucune réponse HTTP")
  assert.equal(response.status, status, response.body)
  assert.match(response.headers["content-type"] ?? "", /^application\/json/)
  const body = JSON.parse(response.body)
  assert.equal(typeof body.error, "string")
  assert.match(body.message, /[a-zà-ÿ]/i)
  assert.doesNotMatch(response.body, /node_modules|\/work\/|\bat \w+ \(/)
}

test.describe("corps de requête interrompus", () => {
  test("a body cut off mid-way on every API route and method ends only that request", async () => {
    for (const route of API_ROUTES) {
      for (const method of METHODS) {
        const { response } = await abortMidBody(method, route)
        // The client is gone: there is no one to answer; a 4xx already sent is fine too.
        if (response) assert.ok(response.status >= 400 && response.status < 500, `${method} ${route} → ${response.status}`)
      }
    }
    // The estimate's own kind of body: a multipart upload cut off after its headers.
    const { response } = await abortMidBody("POST", "/api/estimate", { contentType: "multipart/form-data; boundary=x", announced: 5_000_000, sent: 4000 })
    if (response) assert.ok(response.status >= 400 && response.status < 500, `multipart /api/estimate → ${response.status}`)
    await assertSiteAnswers("corps interrompus")
  })

  test("a malformed chunked body gets a 400 JSON and the server keeps serving", async () => {
    for (const route of ["/api/chat", "/api/vinted/stores"]) {
      const { response } = await converse(async (socket) => {
        socket.write(head("POST", route, ["Content-Type: application/json", "Transfer-Encoding: chunked"]))
        socket.write("ZZ\r\n{}\r\n0\r\n\r\n")
      })
      assertJsonError(response, 400)
      // Malformed HTTP carries the empty policy too (docs/security.md#which-answers-carry-which-security-headers).
      assert.equal(response.headers["content-security-policy"], "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
    }
    await assertSiteAnswers("chunked mal formé")
  })

  test("a body trickling past the body timeout gets a 408 JSON, then the connection closes", async () => {
    const { response, closedByServer, elapsedMs } = await converse(
      async (socket) => {
        socket.write(head("POST", "/api/chat", ["Content-Type: application/json", "Content-Length: 500"]))
        // One byte a second, never the whole body; stops by itself after the bound.
        for (let sent = 0; sent < BODY_TIMEOUT_BOUND_MS / 1000 && !socket.destroyed; sent += 1) {
          socket.write("{")
          await sleep(1000)
        }
      },
      { timeoutMs: BODY_TIMEOUT_BOUND_MS + 5000 },
    )
    assertJsonError(response, 408)
    assert.ok(closedByServer, "la connexion doit être fermée par le serveur")
    assert.ok(elapsedMs < BODY_TIMEOUT_BOUND_MS + 3000, `${elapsedMs} ms`)
    await assertSiteAnswers("corps trop lent")
  })
})

test.describe("corps trop gros", () => {
  test("a 100 MB multipart upload announced in the headers is refused before its body is sent", async () => {
    for (const route of API_ROUTES) {
      const { response, elapsedMs } = await converse(
        async (socket) => {
          socket.write(head("POST", route, ["Content-Type: multipart/form-data; boundary=----maxai", `Content-Length: ${100 * 1024 * 1024}`]))
        },
        { timeoutMs: 5000, closeAfterMs: 3000 },
      )
      assert.ok(response, `${route} : pas de réponse avant l'envoi du corps`)
      assert.ok([404, 413, 415].includes(response.status), `${route} → ${response.status}`)
      assertJsonError(response, response.status)
      assert.ok(elapsedMs < 4000, `${route} : ${elapsedMs} ms`)
    }
    await assertSiteAnswers("multipart de 100 Mo")
  })

  test("a chat body announced over its 64 KB discard bound gets 413 at once, then the connection closes", async () => {
    const { response, closedByServer, elapsedMs } = await converse(async (socket) => {
      socket.write(head("POST", "/api/chat", ["Content-Type: application/json", `Content-Length: ${1024 * 1024}`]))
    })
    assertJsonError(response, 413)
    assert.ok(closedByServer && elapsedMs < 3000, `${elapsedMs} ms, fermée : ${closedByServer}`)
    await assertSiteAnswers("Content-Length trop grand")
  })

  test("a 40 KB chat body gets 413 and the connection stays usable for the next request", async () => {
    const chat = JSON.stringify({ message: "rachat" })
    const { text } = await converse(async (socket) => {
      socket.write(head("POST", "/api/chat", ["Content-Type: application/json", "Content-Length: 40000"]) + "a".repeat(40_000))
      await sleep(300)
      socket.write(head("POST", "/api/chat", ["Content-Type: application/json", `Content-Length: ${chat.length}`]) + chat)
    })
    const [first, second] = text.split(/(?=HTTP\/1\.1 )/)
    assertJsonError(parseResponse(first ?? ""), 413)
    assert.equal(parseResponse(second ?? "")?.status, 200, text.slice(0, 300))
  })

  test("a chunked chat body growing past 32 KB is cut off with 413", async () => {
    const { response } = await converse(async (socket) => {
      socket.write(head("POST", "/api/chat", ["Content-Type: application/json", "Transfer-Encoding: chunked"]))
      for (let chunk = 0; chunk < 40 && !socket.destroyed; chunk += 1) {
        socket.write(`400\r\n${"a".repeat(0x400)}\r\n`)
        await sleep(5)
      }
      if (!socket.destroyed) socket.write("0\r\n\r\n")
    })
    assertJsonError(response, 413)
    await assertSiteAnswers("corps chunked trop grand")
  })
})

test("50 slow uploads at once do not stop the page or the chat from answering", async () => {
  const uploads = Array.from({ length: 50 }, () =>
    converse(
      async (socket) => {
        socket.write(head("POST", "/api/chat", ["Content-Type: application/json", "Content-Length: 20000"]))
        for (let sent = 0; sent < 8 && !socket.destroyed; sent += 1) {
          socket.write("a")
          await sleep(500)
        }
      },
      { timeoutMs: 6000, closeAfterMs: 0 },
    ),
  )
  await sleep(1000)
  const started = Date.now()
  await assertSiteAnswers("50 envois lents (pendant)")
  assert.ok(Date.now() - started < 3000, `réponses lentes pendant les envois : ${Date.now() - started} ms`)
  await Promise.all(uploads)
  await assertSiteAnswers("50 envois lents (après)")
})
