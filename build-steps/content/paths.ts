/**
 * What a string of the content means as an address: a web address a visitor can follow, or a
 * path inside the content folder (the photos a file names). Pure, shared by the rules (rules.ts),
 * the orphan photos (orphans.ts) and the studio's git reader (src/admin-rules/).
 */

/** A web address a visitor can follow: http(s) with a real host name. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value)
    return /^https?:$/.test(url.protocol) && url.hostname !== ""
  } catch {
    return false
  }
}

/** `value` as a path inside the content folder (`./a/../b.jpg` → `b.jpg`), or null when it leaves it. */
export function contentRelative(value: string): string | null {
  if (value.startsWith("/")) return null
  const segments: string[] = []
  for (const segment of value.split("/")) {
    if (segment === "" || segment === ".") continue
    if (segment !== "..") segments.push(segment)
    else if (segments.pop() === undefined) return null
  }
  return segments.length > 0 ? segments.join("/") : null
}

/** Every string of `data` read as a path inside the content folder (the photos a file names, among others). */
export function pathsNamedIn(data: unknown, named = new Set<string>()): Set<string> {
  if (typeof data === "string") {
    const relative = contentRelative(data)
    if (relative) named.add(relative)
  } else if (data !== null && typeof data === "object") {
    for (const child of Object.values(data)) pathsNamedIn(child, named)
  }
  return named
}
