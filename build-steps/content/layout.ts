/**
 * Writes a content file the way it was laid out before the save, so its commit shows only what
 * the owner changed: keys keep the file's order (new keys last), each object or list stays on
 * one line or spreads over several as it did (a new list entry takes the layout of its first
 * sibling), two-space indentation, a final newline. The files of content/ are laid out by hand
 * (one catalogue entry per line, wider than Prettier's 160 columns, hence .prettierignore), so
 * Prettier's own layout would rewrite every line; this keeps theirs. What must stay true: a file
 * saved unchanged is written back byte for byte (__tests__/content-layout.test.ts checks every
 * content file). Used by the site's own server (src/server/studio/save.ts) and by the studio's
 * browser before a commit to a git host (src/admin-rules/).
 */
import { parseTree, type Node } from "jsonc-parser"
import type { Json } from "./normalize"

/** The shape of the old file at one place: its text span (one line or not) and its children. */
function isOneLine(text: string, node: Node | undefined): boolean | undefined {
  return node ? !text.slice(node.offset, node.offset + node.length).includes("\n") : undefined
}

function propertyNode(node: Node | undefined, key: string): Node | undefined {
  if (node?.type !== "object") return undefined
  return node.children?.find((property) => property.children?.[0]?.value === key)?.children?.[1]
}

/**
 * The old entry a list entry follows for its layout and key order: the one with the same id,
 * else the one at the same place, else (a new entry at the end) the first one.
 */
function entryNode(node: Node | undefined, value: Json, index: number): Node | undefined {
  if (node?.type !== "array") return undefined
  const id = value !== null && typeof value === "object" && !Array.isArray(value) ? value.id : undefined
  if (id !== undefined) {
    const same = node.children?.find((child) => child.type === "object" && propertyNode(child, "id")?.value === id)
    if (same) return same
  }
  return node.children?.[index] ?? node.children?.[0]
}

function orderedKeys(value: { [key: string]: Json }, node: Node | undefined): string[] {
  const old = (node?.type === "object" ? (node.children ?? []) : []).map((property) => String(property.children?.[0]?.value))
  return [...old.filter((key) => key in value), ...Object.keys(value).filter((key) => !old.includes(key))]
}

function write(text: string, value: Json, node: Node | undefined, indent: string, oneLineHint: boolean | undefined): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value)
  const oneLine = isOneLine(text, node) ?? oneLineHint ?? false
  const inner = `${indent}  `
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]"
    const siblingLayout = isOneLine(text, node?.children?.[0])
    const parts = value.map((entry, index) => write(text, entry, entryNode(node, entry, index), inner, siblingLayout ?? oneLine))
    return oneLine ? `[${parts.join(", ")}]` : `[\n${parts.map((part) => inner + part).join(",\n")}\n${indent}]`
  }
  const keys = orderedKeys(value, node)
  if (keys.length === 0) return "{}"
  const parts = keys.map((key) => `${JSON.stringify(key)}: ${write(text, value[key]!, propertyNode(node, key), inner, oneLine || undefined)}`)
  return oneLine ? `{ ${parts.join(", ")} }` : `{\n${parts.map((part) => inner + part).join(",\n")}\n${indent}}`
}

/** `data` as the text of a file that was `oldText` (any text, or "" for a new file). */
export function layoutLike(oldText: string, data: unknown): string {
  return `${write(oldText, data as Json, parseTree(oldText) ?? undefined, "", undefined)}\n`
}
