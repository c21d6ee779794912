/**
 * The embedded backend as any client sees it: plain HTTP requests from Node against the
 * served build. Every answer, good or bad, is JSON.
 */
import { test } from "@playwright/test"
import assert from "node:assert/strict"
import { BASE_URL } from "./lib/browser.mjs"

async function call(path, init = {}) {
  const response = await fetch(`${BASE_URL}${path}`, init)
  const text = await response.text()
  assert.match(response.headers.get("content-type") ?? "", /^application\/json/, `${path} : réponse non JSON (${response.status}) : ${text.slice(0, 120)}`)
  return { status: response.status, headers: response.headers, body: JSON.parse(text) }
}

const postChat = (body, contentType = "application/json") => call("/api/chat", { method: "POST", headers: { "Content-Type": contentType }, body })

const assertError = (response, status, code) => {
  assert.equal(response.status, status)
  assert.equal(response.body.error, code)
  assert.equal(typeof response.body.message, "string")
}

test("GET /api/vinted/stores lists the shops with their stats", async () => {
  const { status, body } = await call("/api/vinted/stores")
  assert.equal(status, 200)
  assert.ok(Array.isArray(body.stores) && body.stores.length >= 1)
  for (const store of body.stores) {
    assert.deepEqual(Object.keys(store).sort(), ["id", "name", "stats", "url"])
    assert.equal(typeof store.stats.total_sales, "number")
    assert.equal(typeof store.stats.rating, "number")
    assert.match(store.url, /^https:\/\//)
  }
})

test("GET /api/vinted/news lists the articles", async () => {
  const { status, body } = await call("/api/vinted/news")
  assert.equal(status, 200)
  assert.equal(body.news.length, 3)
  for (const article of body.news) for (const key of ["source", "title", "excerpt", "time", "status", "relevance"]) assert.ok(key in article, key)
})

test("POST /api/vinted/stores is refused with 405 and Allow", async () => {
  const response = await call("/api/vinted/stores", { method: "POST" })
  assertError(response, 405, "method_not_allowed")
  assert.equal(response.headers.get("allow"), "GET, HEAD")
})

test("an unknown API route → 404 JSON; a malformed JSON body on another route → 400 JSON", async () => {
  assertError(await call("/api/inconnue"), 404, "not_found")
  const malformed = await call("/api/vinted/stores", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{pas du json" })
  assertError(malformed, 400, "invalid_body")
})

test("POST /api/chat answers a valid question in French, uncached", async () => {
  const response = await postChat(JSON.stringify({ message: "Comment fonctionne le rachat ?", user_name: "Utilisateur anonyme", user_email: null }))
  assert.equal(response.status, 200)
  assert.match(response.body.bot_response, /formulaire/)
  assert.equal(response.headers.get("cache-control"), "no-store")
})

test("POST /api/chat with malformed JSON → 400 JSON", async () => {
  assertError(await postChat('{"message": "rachat"'), 400, "invalid_json")
})

test("POST /api/chat as text/plain → 415 JSON", async () => {
  assertError(await postChat('{"message":"rachat"}', "text/plain"), 415, "unsupported_media_type")
})

test("POST /api/chat as a form → 415 JSON", async () => {
  assertError(await postChat("message=rachat", "application/x-www-form-urlencoded"), 415, "unsupported_media_type")
})

test("GET /api/chat → 405 JSON with Allow: POST", async () => {
  const response = await call("/api/chat")
  assertError(response, 405, "method_not_allowed")
  assert.equal(response.headers.get("allow"), "POST")
})

test("POST /api/chat with a message over 2000 characters → 400 JSON", async () => {
  assertError(await postChat(JSON.stringify({ message: "a".repeat(2001) })), 400, "message_too_long")
})

test("POST /api/chat with a blank message or a bad email → 400 JSON", async () => {
  assertError(await postChat(JSON.stringify({ message: "   " })), 400, "message_required")
  assertError(await postChat(JSON.stringify({ message: "prix", user_email: "pas-une-adresse" })), 400, "invalid_user_email")
  assertError(await postChat(JSON.stringify({ message: "prix", user_name: "n".repeat(101) })), 400, "invalid_user_name")
})

test("POST /api/chat with a body over 32 KB → 413 JSON", async () => {
  assertError(await postChat(JSON.stringify({ message: "a".repeat(200_000) })), 413, "payload_too_large")
})
