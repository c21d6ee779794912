/**
 * How deep a JSON text nests, read before it is parsed: a body of 100,000 nested arrays parses,
 * then breaks the first recursive step that walks it (the studio's save answered 500). No body
 * of ours nests deeper than a few levels; MAX_JSON_DEPTH leaves room for any content file.
 *
 * What must stay true: every JSON body the server reads (the API's, the studio's) is checked here
 * before JSON.parse, and one deeper than MAX_JSON_DEPTH is a 400 in French, never a 500.
 */
export const MAX_JSON_DEPTH = 400

/** Whether `text` opens no more than `max` arrays or objects inside one another (strings skipped). */
export function jsonDepthWithin(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0
  let inString = false
  for (let at = 0; at < text.length; at += 1) {
    const char = text.charCodeAt(at)
    if (inString) {
      if (char === 0x5c)
        at += 1 // a backslash escapes the next character
      else if (char === 0x22) inString = false
    } else if (char === 0x22) inString = true
    else if (char === 0x5b || char === 0x7b) {
      depth += 1
      if (depth > max) return false
    } else if (char === 0x5d || char === 0x7d) depth -= 1
  }
  return true
}

/** body-parser's `verify` for express.json: a body nested deeper than MAX_JSON_DEPTH is refused as unreadable (./refused-body.ts). */
export function refuseDeepJson(_req: unknown, _res: unknown, body: Buffer): void {
  if (!jsonDepthWithin(body.toString("utf8"))) throw Object.assign(new Error("JSON trop imbriqué"), { status: 400, type: "entity.too.deep" })
}
