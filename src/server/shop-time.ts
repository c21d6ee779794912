/**
 * The shop's clock, in one place: every date the server writes for the owner or a seller (pages,
 * mails, CSV files, the publication's status) is read on a watch in Paris, whatever the server's
 * own TZ (a rented server often runs in UTC: a request received at 21:15 UTC reads 22:15).
 *
 * What must stay true: no other file names the time zone; a formatter that needs it is built here
 * (`shopFormat`) or takes `SHOP_TIME_ZONE` from here.
 */
export const SHOP_TIME_ZONE = "Europe/Paris"

/** The months as French dates name them, in full and shortened (« 1 déc. 2026 »). */
const MONTHS =
  "janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre|janv\\.|févr\\.|avr\\.|juil\\.|sept\\.|oct\\.|nov\\.|déc\\."
const FIRST_OF_MONTH = new RegExp(`(?<!\\d)1(?=\\s(?:${MONTHS}))`, "gu")

/** French writes the first of a month as an ordinal: « 1er décembre 2026 », « 1er déc. » (Intl writes « 1 décembre »). */
export const firstOfMonth = (text: string): string => text.replace(FIRST_OF_MONTH, "1er")

/** Intl's French dates with « 1er » for the first of a month; every French formatter of the server is one. */
export class FrenchDateFormat extends Intl.DateTimeFormat {
  override format(date?: Date | number): string {
    return firstOfMonth(super.format(date))
  }
}

/** A French formatter on the shop's clock (`options` without a time zone: it is always Paris). */
export const shopFormat = (options: Omit<Intl.DateTimeFormatOptions, "timeZone">) => new FrenchDateFormat("fr-FR", { ...options, timeZone: SHOP_TIME_ZONE })

const SHEET_DATE = shopFormat({ dateStyle: "short", timeStyle: "short" })

/**
 * « 23/11/2026 22:15 » in Paris: what French spreadsheets (Excel, LibreOffice) read as a date and
 * time, for every CSV the owner exports (the inbox's, the register's); "" for a date that does not parse.
 */
export function sheetDate(iso: string | undefined): string {
  const time = iso ? Date.parse(iso) : NaN
  return Number.isNaN(time) ? "" : SHEET_DATE.format(time)
}

/** « 14/03/2019 »: a calendar day (YYYY-MM-DD) as French spreadsheets read a date, beside sheetDate's moments; anything else as it is. */
export const sheetDay = (day: string): string => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? day.split("-").reverse().join("/") : day)

const SHOP_DAY = new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" })

const LONG_DAY = new FrenchDateFormat("fr-FR", { dateStyle: "long", timeZone: "UTC" })

/** "3 décembre 2026" for the calendar day "2026-12-03" (a day, not a moment: read at noon UTC, never shifted). */
export function dayText(day: string): string {
  return LONG_DAY.format(new Date(`${day}T12:00:00Z`))
}

/** The calendar day `days` days after `day`, "YYYY-MM-DD". */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** Whether `text` is a real calendar day "YYYY-MM-DD" (what a date field posts): never throws. */
export function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false
  const date = new Date(`${text}T12:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text
}

/** The shop's calendar day (Paris) of a moment, "YYYY-MM-DD". */
export function shopDay(at: Date): string {
  return SHOP_DAY.format(at)
}

const SHOP_MINUTE = new Intl.DateTimeFormat("en-CA", {
  timeZone: SHOP_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
})

/** "20261123-2115": the shop's day and minute (Paris) of a moment, as a name people read (a request's number). */
export function shopMinuteStamp(at: Date): string {
  const part = Object.fromEntries(SHOP_MINUTE.formatToParts(at).map(({ type, value }) => [type, value]))
  return `${part.year}${part.month}${part.day}-${part.hour}${part.minute}`
}
