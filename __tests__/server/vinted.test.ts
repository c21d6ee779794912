/** @jest-environment node */
import newsFile from "../../content/news.json"
import shopsFile from "../../content/shops.json"
import { handleNews, handleStores } from "../../src/server/vinted/handlers"

describe("GET /api/vinted/stores", () => {
  it("lists every shop of content/shops.json with its id, name, url and stats", () => {
    const response = handleStores("GET")
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      stores: shopsFile.items.map((shop) => ({
        id: shop.id,
        name: shop.name,
        url: shop.url,
        stats: { total_sales: shop.stats.total_sales, rating: shop.stats.rating },
      })),
    })
    expect(response.headers["Cache-Control"]).toMatch(/max-age=\d+/)
  })

  it("answers HEAD like GET", () => {
    expect(handleStores("HEAD").status).toBe(200)
  })

  it.each(["POST", "PUT", "DELETE"])("refuses %s with 405 and an Allow header", (method) => {
    const response = handleStores(method)
    expect(response.status).toBe(405)
    expect(response.headers.Allow).toBe("GET, HEAD")
    expect(response.body).toEqual({ error: "method_not_allowed", message: expect.stringContaining("GET") })
  })
})

describe("GET /api/vinted/news", () => {
  it("returns the articles of content/news.json", () => {
    const response = handleNews("GET")
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ news: newsFile.items })
  })

  it("refuses POST with 405", () => {
    const response = handleNews("POST")
    expect(response.status).toBe(405)
    expect(response.headers.Allow).toBe("GET, HEAD")
  })
})
