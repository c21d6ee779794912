/**
 * @jest-environment node
 *
 * The Gatsby Functions themselves, with a request and a recording response in place of the
 * server: the body the server read (bytes in `req.body`) reaches our parser, every answer is
 * JSON, and a function never leaves a rejected promise behind (Gatsby's wrapper drops it).
 */
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby"
import chat, { config } from "../../src/api/chat"
import news from "../../src/api/vinted/news"
import stores from "../../src/api/vinted/stores"
import { apiFunction } from "../../src/server/http/function-adapter"

function request(method: string, body = "", headers: Record<string, string> = {}): GatsbyFunctionRequest {
  return { method, url: "/api/test", headers, query: {}, params: {}, cookies: {}, body: Buffer.from(body) } as unknown as GatsbyFunctionRequest
}

type Recorded = { status: number; headers: Record<string, string>; json: unknown }

function response(): { res: GatsbyFunctionResponse; recorded: Recorded } {
  const recorded: Recorded = { status: 200, headers: {}, json: undefined }
  const res = {
    headersSent: false,
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
      res.headersSent = true
      return res
    },
  }
  return { res: res as unknown as GatsbyFunctionResponse, recorded }
}

const JSON_TYPE = { "content-type": "application/json" }

describe("Gatsby Functions", () => {
  it("under gatsby develop, hands the chat body over as bytes within the route's limit; the JSON parser stays off", () => {
    expect(config.bodyParser?.raw).toEqual({ type: "*/*", limit: 32 * 1024 })
    for (const parser of ["json", "text", "urlencoded"] as const) {
      expect(config.bodyParser?.[parser]?.type).toBe("application/x-maxai-unparsed")
    }
  })

  it("POST /api/chat reads the body the server read and answers in JSON", async () => {
    const { res, recorded } = response()
    const body = JSON.stringify({ message: "Parlez-moi du rachat", user_name: "Utilisateur anonyme", user_email: null })
    await chat(request("POST", body, JSON_TYPE), res)
    expect(recorded.status).toBe(200)
    expect(recorded.json).toEqual({
      bot_response: expect.stringContaining("formulaire"),
      links: [{ label: "Demander une estimation", href: "#rachat" }],
      actions: [{ type: "estimate", label: "Faire estimer un article" }],
    })
    expect(recorded.headers["cache-control"]).toBe("no-store")
    expect(recorded.headers["x-content-type-options"]).toBe("nosniff")
  })

  it("answers malformed JSON with a 400 JSON error", async () => {
    const { res, recorded } = response()
    await chat(request("POST", '{"message": ', JSON_TYPE), res)
    expect(recorded.status).toBe(400)
    expect(recorded.json).toEqual({ error: "invalid_json", message: expect.any(String) })
  })

  it("answers GET /api/chat with 405 and Allow: POST", async () => {
    const { res, recorded } = response()
    await chat(request("GET"), res)
    expect(recorded.status).toBe(405)
    expect(recorded.headers.allow).toBe("POST")
  })

  it("serves the stores and the news", async () => {
    const storesResponse = response()
    await stores(request("GET"), storesResponse.res)
    expect(storesResponse.recorded.json).toEqual({ stores: expect.arrayContaining([expect.objectContaining({ stats: expect.any(Object) })]) })
    const newsResponse = response()
    await news(request("GET"), newsResponse.res)
    expect(newsResponse.recorded.json).toEqual({ news: expect.any(Array) })
  })

  it("turns a function's failure into a 500 JSON answer, never a rejected promise", async () => {
    const errors = jest.spyOn(console, "error").mockImplementation(() => {})
    const failing = apiFunction(async () => {
      throw new Error("panne")
    })
    const { res, recorded } = response()
    await expect(failing(request("POST"), res)).resolves.toBeUndefined()
    expect(recorded.status).toBe(500)
    expect(recorded.json).toEqual({ error: "internal_error", message: "Erreur interne du serveur." })
    expect(errors).toHaveBeenCalled()
    errors.mockRestore()
  })
})
