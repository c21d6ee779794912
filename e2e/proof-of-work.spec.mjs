/**
 * The anti-spam proof-of-work on the served build (LEADS_PROOF_OF_WORK on, as by default): the
 * page loads none of it; the form, sent from the keyboard, fetches and solves a challenge in
 * Chromium without anything to see or click, and its request is stored; the proof it sent is not
 * accepted twice, and posts without a solved challenge are refused in French with nothing stored.
 */
import { test } from "@playwright/test"
import assert from "node:assert/strict"
import { readFileSync } from "node:fs"
import path from "node:path"
import { openForm } from "./lib/estimate-form.mjs"
import { leadsFor, readLead } from "./lib/leads.mjs"

const JPEG = readFileSync(path.resolve(import.meta.dirname, "../content/images/items/01-lacoste-polo-blanc.jpg"))
const isChallenge = (url) => new URL(url).pathname === "/api/challenge"
const isSolverChunk = (url) => /\/proof-of-work-[\w]+\.js$/.test(new URL(url).pathname)

/** Runs in the page: keeps the value of the multipart field "altcha" as the client appends it (the upload itself is unchanged). */
function recordProof() {
  const append = FormData.prototype.append
  FormData.prototype.append = function (name, ...value) {
    if (name === "altcha") window.__proofSent = value[0]
    return append.call(this, name, ...value)
  }
}

/** A form post as an API client would send it, without a browser. */
const estimateForm = (email, extra = {}) => ({ email, description: "Polo", photos: { name: "polo.jpg", mimeType: "image/jpeg", buffer: JPEG }, ...extra })

test("sent from the keyboard, the form proves its work unseen and is stored; its proof cannot be used twice", async ({ browser, request }) => {
  // Chromium gives no post data for an upload with files: the page notes the proof as the form adds it.
  const opened = await openForm(browser, { initScript: recordProof })
  const { page, close, email, photos, previews, region, pageErrors, consoleErrors } = opened
  const loaded = []
  page.on("request", (sent) => loaded.push(sent.url()))
  const address = `preuve-${Date.now()}@exemple.fr`
  await email.fill(address)
  await photos.setInputFiles({ name: "polo.jpg", mimeType: "image/jpeg", buffer: JPEG })
  await previews.first().waitFor()
  // Nothing of the proof-of-work before the visitor sends: no challenge, no solver code.
  assert.deepEqual(
    loaded.filter((url) => isChallenge(url) || isSolverChunk(url)),
    [],
  )

  const posted = page.waitForRequest((sent) => sent.url().endsWith("/api/estimate") && sent.method() === "POST")
  await email.press("Enter")
  await posted
  await region.getByText("Demande envoyée avec succès !").waitFor({ timeout: 30_000 })
  assert.equal(loaded.filter(isChallenge).length, 1, "one challenge fetched for one request")
  assert.equal(loaded.filter(isSolverChunk).length, 1, "the solver's chunk loaded when sent")
  const id = /Numéro de demande\s:\s(\S+)/.exec(await region.getByRole("listitem").innerText())?.[1]
  assert.ok(id && readLead(id), `request ${id} is in the outbox`)
  await page.getByRole("heading", { name: "Votre demande est bien enregistrée" }).waitFor()
  assert.equal(await email.count(), 0, "the form gave way to the confirmation after the 201")

  // The proof as the browser sent it, posted again by a client.
  const proof = await page.evaluate(() => window.__proofSent)
  assert.ok(proof, "the upload carries its proof")
  const replayed = await request.post("/api/estimate", { multipart: estimateForm(address, { altcha: proof }) })
  assert.equal(replayed.status(), 400)
  assert.deepEqual(await replayed.json(), { error: "proof_of_work_replayed", message: "Cette vérification anti-spam a déjà servi. Réessayez." })
  assert.equal(leadsFor("estimate", address).length, 1)
  assert.deepEqual(pageErrors, [])
  assert.deepEqual(consoleErrors, [])
  await close()
})

test("posts without a solved challenge are refused in French and nothing is stored", async ({ request }) => {
  const address = `sans-preuve-${Date.now()}@exemple.fr`
  const missing = await request.post("/api/estimate", { multipart: estimateForm(address) })
  assert.equal(missing.status(), 400)
  assert.deepEqual(await missing.json(), {
    error: "proof_of_work_missing",
    message: "La vérification anti-spam manque à cette demande. Rechargez la page et réessayez.",
  })
  // A challenge fetched but not solved: its signature holds, the answer does not.
  const challenge = await (await request.get("/api/challenge")).json()
  const unsolved = Buffer.from(JSON.stringify({ challenge, solution: { counter: 0, derivedKey: "00".repeat(32) } })).toString("base64")
  const contact = await request.post("/api/contact", { data: { email: address, conversation: [], altcha: unsolved } })
  assert.equal(contact.status(), 400)
  assert.deepEqual(await contact.json(), { error: "proof_of_work_invalid", message: "La vérification anti-spam a échoué. Réessayez." })
  assert.deepEqual([...leadsFor("estimate", address), ...leadsFor("chat", address)], [])
})
