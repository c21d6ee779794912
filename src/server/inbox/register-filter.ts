/**
 * The register's search (/admin/registre/?q=…&du=…&au=…): by name, order number or identity
 * number, and a range of days of entry (the shop's calendar, Paris). The page, its print view, its
 * CSV and its labels all follow the same filter, and the consultations' log says which was used.
 * Pure: no request, no disk.
 */
import type { RegisterEntry } from "../../contract/buyback"
import { dayText, isDay, shopDay } from "../shop-time"

export type RegisterFilter = { q: string; from: string; to: string }

const text = (value: unknown) => (typeof value === "string" ? value.trim().slice(0, 100) : "")

/** The filter a query asks for; a day that is not a real date is ignored. */
export function readFilter(query: Record<string, unknown>): RegisterFilter {
  const day = (value: unknown) => (isDay(text(value)) ? text(value) : "")
  const [from, to] = [day(query.du), day(query.au)]
  // Dates typed the wrong way round (« du 25 au 20 ») mean the days between them: never an empty search without a word.
  return from && to && from > to ? { q: text(query.q), from: to, to: from } : { q: text(query.q), from, to }
}

export const isFiltered = (filter: RegisterFilter) => Boolean(filter.q || filter.from || filter.to)

/** Letters without case nor accents, spaces and dashes out: « Lefèvre-Martin » finds « lefevre martin ». */
const folded = (value: string) =>
  value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[\s\-'’.]+/g, "")

export function matches(entry: RegisterEntry, filter: RegisterFilter): boolean {
  const day = shopDay(new Date(entry.recorded_at))
  if (filter.from && day < filter.from) return false
  if (filter.to && day > filter.to) return false
  if (!filter.q) return true
  if (/^\d{1,8}$/.test(filter.q) && entry.number === Number(filter.q)) return true
  const wanted = folded(filter.q)
  if (!wanted) return true
  const { seller } = entry
  return [`${seller.surname}${seller.first_names}`, `${seller.first_names}${seller.surname}`, seller.id_number].some((field) => folded(field).includes(wanted))
}

export const applyFilter = (entries: readonly RegisterEntry[], filter: RegisterFilter) => entries.filter((entry) => matches(entry, filter))

/** The filter as a query string (« ?q=Martin&du=2026-11-01 »), "" without one: links to the CSV, print view and labels keep it. */
export function filterQuery(filter: RegisterFilter, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams()
  if (filter.q) params.set("q", filter.q)
  if (filter.from) params.set("du", filter.from)
  if (filter.to) params.set("au", filter.to)
  for (const [name, value] of Object.entries(extra)) params.set(name, value)
  const query = params.toString()
  return query ? `?${query}` : ""
}

/** The filter in the owner's words, for the page and the consultations' log: « recherche « Martin », du 1 novembre 2026 au … ». */
export function filterWords(filter: RegisterFilter): string {
  const parts = [
    filter.q ? `recherche « ${filter.q} »` : "",
    filter.from ? `du ${dayText(filter.from)}` : "",
    filter.to ? `au ${dayText(filter.to)}` : "",
  ].filter(Boolean)
  return parts.length > 0 ? parts.join(", ") : "tout le registre"
}

/** « 1 à 3, 5, 8 à 10 »; « aucun » for none. */
export function numberRanges(numbers: readonly number[], separator = " à "): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b)
  const ranges: string[] = []
  for (let index = 0; index < sorted.length;) {
    let end = index
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end]! + 1) end += 1
    ranges.push(end === index ? String(sorted[index]) : `${sorted[index]}${separator}${sorted[end]}`)
    index = end + 1
  }
  return ranges.length > 0 ? ranges.join(", ") : "aucun"
}

/** Most labels one page prints (a few A4 sheets). */
export const MAX_LABELS = 200

/** `numeros=12-14,18` → [12, 13, 14, 18]; null when unreadable or more than MAX_LABELS. */
export function readNumbers(value: unknown): number[] | null {
  if (typeof value !== "string" || !/^\s*\d{1,8}(\s*-\s*\d{1,8})?(\s*,\s*\d{1,8}(\s*-\s*\d{1,8})?)*\s*$/.test(value)) return null
  const numbers = new Set<number>()
  for (const part of value.split(",")) {
    const [from, to = from] = part.split("-").map((digits) => Number(digits.trim()))
    if (from === undefined || to === undefined || to < from || to - from >= MAX_LABELS) return null
    for (let number = from; number <= to; number += 1) numbers.add(number)
    if (numbers.size > MAX_LABELS) return null
  }
  return [...numbers].sort((a, b) => a - b)
}
