/**
 * What the owner reads about the republication, in French (src/contract/publication.ts), with
 * the times in the shop's time zone: Paris, whatever the server's own TZ (a rented server often
 * runs in UTC, and « publié à 9 h 42 » must be the time on the owner's watch).
 */
import type { PublicationState, PublicationStatus } from "../../contract/publication"
import { addDays, SHOP_TIME_ZONE, shopDay } from "../shop-time"
import type { Expectation } from "./times"

const NBSP = "\u00a0"

const parts = (date: Date, options: Intl.DateTimeFormatOptions) =>
  Object.fromEntries(new Intl.DateTimeFormat("fr-FR", { timeZone: SHOP_TIME_ZONE, ...options }).formatToParts(date).map((part) => [part.type, part.value]))

/** « à 10 h 42 », « hier à 18 h 05 » or « le 24 novembre à 18 h 05 » (Paris time), as seen at `now`. */
export function whenPublished(date: Date, now: Date): string {
  const { hour, minute } = parts(date, { hour: "numeric", minute: "2-digit", hourCycle: "h23" })
  const time = `à${NBSP}${Number(hour)}${NBSP}h${NBSP}${minute}`
  // Calendar days in Paris: the day before is not always 24 hours before (the nights the clocks change).
  if (shopDay(date) === shopDay(now)) return time
  if (shopDay(date) === addDays(shopDay(now), -1)) return `hier ${time}`
  const { day, month } = parts(date, { day: "numeric", month: "long" })
  return `le ${day === "1" ? "1er" : day}${NBSP}${month} ${time}`
}

/** Why a publication failed, for the owner: one sentence, and the lines that explain it. */
export type FailureWords = { readonly reason: string; readonly details: readonly string[] }

export type Situation = {
  readonly state: Exclude<PublicationState, "off">
  readonly publishedAt: Date | null
  /** While building: saves arrived after this build read the content, a next build follows. */
  readonly queued?: boolean
  /** While building: how long it should take (./times.ts). */
  readonly expectation?: Expectation
  readonly failure?: FailureWords
  /** While building: the warm-up at start, asked by no one (./publisher.ts prepare()). */
  readonly preparing?: boolean
}

/** « environ 25 s » (rounded up to 5 s), « environ 2 min »; the first build of a workspace says it is long. */
function duration(expectation: Expectation | undefined): string {
  if (!expectation) return ""
  if (expectation.cold) return "La première publication prend quelques minutes."
  if (expectation.seconds === null) return ""
  const seconds = Math.max(5, Math.ceil(expectation.seconds / 5) * 5)
  return seconds < 90 ? `Environ${NBSP}${seconds}${NBSP}s.` : `Environ${NBSP}${Math.round(seconds / 60)}${NBSP}min.`
}

export function describe(situation: Situation, now: Date): PublicationStatus {
  const { state, publishedAt, failure } = situation
  const since = publishedAt ? ` (publié ${whenPublished(publishedAt, now)})` : ""
  const status = (message: string, details: readonly string[] = []): PublicationStatus => ({
    state,
    message,
    details,
    publishedAt: publishedAt?.toISOString() ?? null,
    canRepublish: state === "failed" || state === "stale",
  })
  switch (state) {
    case "building":
      // The warm-up's length is nobody's wait, unless a save came during it: then its next build follows.
      if (situation.preparing)
        return status(["Préparation de la publication…", situation.queued ? "Vos dernières modifications suivront." : ""].filter(Boolean).join(" "))
      return status(
        ["Publication en cours…", duration(situation.expectation), situation.queued ? "Vos dernières modifications suivront." : ""].filter(Boolean).join(" "),
      )
    case "failed":
      return status(`Échec : ${failure?.reason ?? "la publication a échoué."} Le site en ligne n'a pas changé${since}.`, failure?.details)
    case "stale":
      return status(`Le site en ligne n'a pas encore vos dernières modifications${since}.`)
    case "published":
      return status(publishedAt ? `Site à jour — publié ${whenPublished(publishedAt, now)}` : "Site à jour")
  }
}
