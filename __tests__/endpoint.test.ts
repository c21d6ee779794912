/** @jest-environment node */
import { endpoint } from "../src/lib/endpoint"

describe("endpoint: where the browser's API calls go", () => {
  const names = ["GATSBY_API_URL", "GATSBY_CHAT_API_URL", "GATSBY_LEADS_API_URL"] as const
  const original = names.map((name) => process.env[name])
  afterEach(() =>
    names.forEach((name, index) => {
      if (original[index] === undefined) delete process.env[name]
      else process.env[name] = original[index]
    }),
  )

  it("uses the embedded API on the same origin when nothing is configured (or only blanks)", () => {
    for (const name of names) delete process.env[name]
    expect([endpoint("data", "/vinted/stores"), endpoint("chat", "/api/chat"), endpoint("leads", "/api/contact")]).toEqual([
      "/api/vinted/stores",
      "/api/chat",
      "/api/contact",
    ])
    for (const name of names) process.env[name] = "  "
    expect([endpoint("data", "/vinted/news"), endpoint("chat", "/api/chat"), endpoint("leads", "/api/estimate")]).toEqual([
      "/api/vinted/news",
      "/api/chat",
      "/api/estimate",
    ])
  })

  it("follows each build-time base, with or without trailing slashes", () => {
    process.env.GATSBY_API_URL = "https://api.example.fr/v1/"
    process.env.GATSBY_CHAT_API_URL = "https://chat.example.fr//"
    process.env.GATSBY_LEADS_API_URL = " https://leads.example.fr "
    expect([endpoint("data", "/vinted/stores"), endpoint("chat", "/api/chat"), endpoint("leads", "/api/estimate")]).toEqual([
      "https://api.example.fr/v1/vinted/stores",
      "https://chat.example.fr/api/chat",
      "https://leads.example.fr/api/estimate",
    ])
  })
})
