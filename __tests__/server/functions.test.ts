/**
 * The Gatsby Functions themselves, with a request stream and a recording response in place of
 * the server: the raw body reaches our parser, and every answer is JSON.
 */
import { Readable } from "node:stream"
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby"
import chat, { config } from "../../src/api/chat"
import news from "../../src/api/vinted/news"
import stores from "../../src/api/vinted/stores"

function request(method: string, body: string | Buffer[] = "", headers: Record<string, string> = {}): GatsbyFunctionRequest {
  const stream = Readable.from(typeof body === "string" ? (body ? [Buffer.from(body)] : []) : body) as unknown as GatsbyFunctionRequest
  return Object.assign(stream, { method, headers, query: {}, params: {}, cookies: {}, body: {} })
}

type Recorded = { status: number; headers: Record<string, string>; json: unknown }

function response(): { res: GatsbyFunctionResponse; recorded: Recorded } {
  const recorded: Recorded = { status: 200, headers: {}, json: undefined }
  const res = {
    setHeader(name: string, value: string) {
      recorded.headers[name.toLowerCase()] = value
      return res
    },
    status(code: number) {
      recorded.status = code
      return res
    },
    json(body: unknown) {
      recorded.json = body
      return res
    },
  }
  return { res: res as unknown as GatsbyFunctionResponse, recorded }
}

const JSON_TYPE = { "content-type": "application/json" }

describe("Gatsby Functions", () => {
  it("keeps every Gatsby body parser off the chat route, so malformed JSON reaches our handler", () => {
    for (const parser of ["json", "text", "raw", "urlencoded"] as const) {
      expect(config.bodyParser?.[parser]?.type).toBe("application/x-maxai-unparsed")
    }
  })

  it("POST /api/chat reads the raw body, even split in chunks, and answers in JSON", async () => {
    const { res, recorded } = response()
    const body = JSON.stringify({ message: "Parlez-moi du rachat", user_name: "Utilisateur anonyme", user_email: null })
    await chat(request("POST", [Buffer.from(body.slice(0, 10)), Buffer.from(body.slice(10))], JSON_TYPE), res)
    expect(recorded.status).toBe(200)
    expect(recorded.json).toEqual({ bot_response: expect.stringContaining("formulaire"), actions: [{ type: "estimate", label: "Faire estimer un article" }] })
    expect(recorded.headers["cache-control"]).toBe("no-store")
    expect(recorded.headers["x-content-type-options"]).toBe("nosniff")
  })

  it("decodes UTF-8 split inside a character", async () => {
    const { res, recorded } = response()
    const bytes = Buffer.from(JSON.stringify({ message: "Délai ?" }))
    const cut = bytes.indexOf(0xc3) + 1
    await chat(request("POST", [bytes.subarray(0, cut), bytes.subarray(cut)], JSON_TYPE), res)
    expect(recorded.json).toEqual({ bot_response: expect.stringContaining("48 h") })
  })

  it("answers malformed JSON with a 400 JSON error", async () => {
    const { res, recorded } = response()
    await chat(request("POST", '{"message": ', JSON_TYPE), res)
    expect(recorded.status).toBe(400)
    expect(recorded.json).toEqual({ error: "invalid_json", message: expect.any(String) })
  })

  it("answers a body over 32 KB with a 413 JSON error", async () => {
    const { res, recorded } = response()
    await chat(request("POST", JSON.stringify({ message: "a".repeat(40_000) }), JSON_TYPE), res)
    expect(recorded.status).toBe(413)
    expect(recorded.json).toEqual({ error: "payload_too_large", message: expect.any(String) })
  })

  it("answers GET /api/chat with 405 and Allow: POST", async () => {
    const { res, recorded } = response()
    await chat(request("GET"), res)
    expect(recorded.status).toBe(405)
    expect(recorded.headers.allow).toBe("POST")
  })

  it("serves the stores and the news", () => {
    const storesResponse = response()
    stores(request("GET"), storesResponse.res)
    expect(storesResponse.recorded.json).toEqual({ stores: expect.arrayContaining([expect.objectContaining({ stats: expect.any(Object) })]) })
    const newsResponse = response()
    news(request("GET"), newsResponse.res)
    expect(newsResponse.recorded.json).toEqual({ news: expect.any(Array) })
  })
})
