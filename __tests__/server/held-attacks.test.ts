/**
 * @jest-environment node
 *
 * The fourth probe's attacks that held (issue 49), kept held: 30 payments written to the register
 * at once (no gap, no duplicate, the chain whole), a seller named like a spreadsheet formula
 * (neutralised in the register's CSV), script typed into every field of the seller's form
 * (escaped on the page that shows it back). The other attacks that held are tested beside their
 * code: guessed keys and cross-site posts (buyback-seller, seller-tokens), forged and oversized
 * bodies (body-limits, buyback-seller), acceptance after refusal or expiry (buyback-seller), kill -9
 * (buyback-crash), a full disk (leads-failures, studio/honest-save), mail header injection
 * (contact, estimate), removed accounts (studio/account-sessions). Real files, a real socket.
 */
import { registerCsv } from "../../src/server/register/csv"
import { Register } from "../../src/server/register/register"
import { purchase, SELLER_FORM } from "../helpers/buyback"
import { tempDir } from "../helpers/estimate-server"
import { offeredSale } from "../helpers/seller-page"
import { clockAt } from "../helpers/clock"

// The test's "now" (never the machine's date): a Thursday morning in November 2026, as its fixtures.
clockAt("2026-11-26T10:00:00Z")

const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"

test("30 payments written to the register at once by three writers: numbers 1 to 30, none twice, the chain whole", async () => {
  const dir = tempDir("maxai-registre-")
  const writers = [new Register(dir), new Register(dir), new Register(dir)]
  const written = await Promise.all(
    Array.from({ length: 30 }, (_, rank) => writers[rank % 3]!.append(purchase(`20261120-0900-AAAA${ALPHABET[Math.floor(rank / 32)]}${ALPHABET[rank % 32]}`))),
  )
  expect(written.map((entry) => entry.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, rank) => rank + 1))
  expect(await writers[0]!.verify()).toEqual({ ok: true, count: 30 })
})

test("a seller named like a formula is neutralised in the register's CSV", async () => {
  const register = new Register(tempDir("maxai-registre-"))
  const entry = purchase("20261120-0900-AAAAAA")
  await register.append({ ...entry, seller: { ...entry.seller, surname: '=HYPERLINK("https://ailleurs.example","Cliquez")', first_names: "+33 6 12" } })
  const csv = registerCsv(await register.list())
  expect(csv).not.toMatch(/;=HYPERLINK|;"=HYPERLINK|;\+33/)
  expect(csv).toContain(`"'=HYPERLINK(""https://ailleurs.example"",""Cliquez"")"`)
})

test("script typed into every field of the seller's form is shown back escaped, never run", async () => {
  const { page, version, close } = await offeredSale("20261126-0900-K7Q2MX")
  try {
    const script = `"><script>alert(1)</script><img src=x onerror=alert(2)>`
    const typed = Object.fromEntries(Object.keys(SELLER_FORM).map((name) => [name, `${script}${name}`]))
    // The offer the page showed, so the form is judged on what was typed, not refused as outdated.
    const answer = await fetch(`${page}accepter`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...typed, version }).toString(),
    })
    expect(answer.status).toBeGreaterThanOrEqual(400)
    expect(answer.status).toBeLessThan(500)
    expect(answer.headers.get("content-security-policy")).toContain("default-src 'none'")
    const html = await answer.text()
    expect(html).not.toContain("<script>")
    expect(html).not.toMatch(/<img src=x/i)
    // Each text field shows back what was typed, its brackets as entities (named or numbered).
    for (const name of ["nom", "prenom", "adresse", "piece_numero", "piece_autorite", "iban"]) {
      expect([
        name,
        new RegExp(
          `(?:&lt;|&#60;)script(?:&gt;|&#62;)alert\\(1\\)(?:&lt;|&#60;)/script(?:&gt;|&#62;)(?:&lt;|&#60;)img src=x onerror=alert\\(2\\)(?:&gt;|&#62;)${name}`,
        ).test(html),
      ]).toEqual([name, true])
    }
  } finally {
    await close()
  }
})
