/**
 * `fetch` mocked at the network edge: tests say what the server answers, the code under test
 * runs unchanged. jsdom has no fetch of its own, so each test installs one.
 */
type Handler = (url: string, init: RequestInit | undefined) => Promise<Response>

export type FetchMock = jest.Mock<Promise<Response>, [RequestInfo | URL, RequestInit?]>

export function mockFetch(handler: Handler): FetchMock {
  const mock: FetchMock = jest.fn((input: RequestInfo | URL, init?: RequestInit) => handler(String(input), init))
  Object.defineProperty(window, "fetch", { configurable: true, writable: true, value: mock })
  return mock
}

export function removeFetch(): void {
  Reflect.deleteProperty(window, "fetch")
}

/** A response whose body is `text` as sent (possibly not JSON at all). */
export function textResponse(text: string, status = 200): Response {
  return { ok: status >= 200 && status < 300, status, text: () => Promise.resolve(text), json: () => Promise.resolve(text).then(JSON.parse) } as Response
}

export function jsonResponse(body: unknown, status = 200): Response {
  return textResponse(JSON.stringify(body), status)
}

/** A server that never answers: the promise only settles when the request is aborted. */
export function neverAnswers(_url: string, init: RequestInit | undefined): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init?.signal?.addEventListener("abort", () => reject(new DOMException("The operation was aborted.", "AbortError")))
  })
}

/** What a browser's fetch does offline or when the host is unreachable. */
export function offline(): Promise<Response> {
  return Promise.reject(new TypeError("Failed to fetch"))
}
