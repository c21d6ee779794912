/**
 * XMLHttpRequest at the network edge for the estimate form: each request is recorded and the
 * test drives it (upload progress, an answer, nothing at all), the code under test unchanged.
 */
type Listener = (event: { loaded?: number; total?: number; lengthComputable?: boolean }) => void

export class FakeXhr {
  static requests: FakeXhr[] = []
  method = ""
  url = ""
  body: FormData | null = null
  headers: Record<string, string> = {}
  status = 0
  responseText = ""
  aborted = false
  private listeners = new Map<string, Listener[]>()
  private uploadListeners = new Map<string, Listener[]>()
  upload = { addEventListener: (type: string, listener: Listener) => this.uploadListeners.set(type, [...(this.uploadListeners.get(type) ?? []), listener]) }

  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: FormData) {
    this.body = body
    FakeXhr.requests.push(this)
  }
  abort() {
    this.aborted = true
    this.emit("abort")
  }

  /** Test side. */
  progress(loaded: number, total: number) {
    for (const listener of this.uploadListeners.get("progress") ?? []) listener({ loaded, total, lengthComputable: true })
  }
  respond(status: number, body: unknown) {
    this.status = status
    this.responseText = typeof body === "string" ? body : JSON.stringify(body)
    this.emit("load")
  }
  fail() {
    this.emit("error")
  }
  private emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener({})
  }
}

export function installFakeXhr(): void {
  FakeXhr.requests = []
  Object.defineProperty(window, "XMLHttpRequest", { configurable: true, writable: true, value: FakeXhr })
}
