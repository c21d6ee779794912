/**
 * The build's `_headers` file (written by build-steps/security-headers.ts), read back and applied by
 * the local server, so that what runs here sends the headers production sends.
 */
export type HeaderRule = {
  /** URL path pattern; `*` matches any run of characters, as on Netlify-style hosts. */
  readonly path: string
  /** `path` compiled once, so serving a request does not build regular expressions. */
  readonly matcher: RegExp
  readonly headers: ReadonlyArray<readonly [string, string]>
}

/** Reads a `_headers` file back (the local server applies it so development sees production headers). */
export function parseHeaders(text: string): HeaderRule[] {
  const rules: Array<HeaderRule & { headers: Array<readonly [string, string]> }> = []
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trimStart().startsWith("#")) continue
    if (!/^\s/.test(line)) {
      const path = line.trim()
      rules.push({ path, matcher: pathMatcher(path), headers: [] })
      continue
    }
    const colon = line.indexOf(":")
    const current = rules.at(-1)
    if (!current || colon < 0) throw new Error(`_headers : ligne incomprise « ${line.trim()} »`)
    current.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()])
  }
  return rules
}

function pathMatcher(pattern: string): RegExp {
  const source = pattern
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*")
  return new RegExp(`^${source}$`)
}

/** Every header of every rule matching `path`, in file order (later rules add, never remove). */
export function headersForPath(rules: ReadonlyArray<HeaderRule>, path: string): Array<readonly [string, string]> {
  return rules.filter((candidate) => candidate.matcher.test(path)).flatMap((candidate) => candidate.headers)
}
