// jsdom has no TextEncoder, which react-dom/server needs to render the "server HTML" of a test.
import { TextDecoder, TextEncoder } from "node:util"

Object.assign(globalThis, { TextEncoder, TextDecoder })
