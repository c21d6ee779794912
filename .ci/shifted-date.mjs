/**
 * The moment CI runs its second pass of the tests at (under Debian's faketime): one of the awkward
 * moments of the shop's calendar, more than a year after the run's own date, chosen by that date
 * so that daily runs go through all five in turn; and the machine's time zone for that pass, one
 * far from Paris's either way (a date computed on the server's clock instead of Paris's is then a
 * day off for half the day). Prints the moment for faketime, in UTC, the zone, and the moment's name:
 *   `node .ci/shifted-date.mjs` → `2028-02-29 22:45:00 UTC|Pacific/Kiritimati|le 29 février à 23 h 45 à Paris`
 * `node .ci/shifted-date.mjs 2026-12-01T09:00:00Z` gives what a run of that day would pick.
 *
 * What must stay true: the moments are Paris's (the shop's clock, src/server/shop-time.ts), the
 * server's own time zone being UTC or any other.
 */
const today = process.argv[2] ? new Date(process.argv[2]) : new Date()
if (Number.isNaN(today.getTime())) throw new Error(`date illisible : ${process.argv[2]}`)
// Two years on: every moment below is more than a year after the run, whatever the month.
const year = today.getUTCFullYear() + 2
const dayOfYear = Math.floor((today.getTime() - Date.UTC(today.getUTCFullYear(), 0, 1)) / 86_400_000)
const isLeap = (y) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0
/** The last Sunday of `month` (0-based) of `y`, as a day of the month. */
const lastSunday = (y, month) => {
  const last = new Date(Date.UTC(y, month + 1, 0))
  return last.getUTCDate() - last.getUTCDay()
}
const month = today.getUTCMonth()
// The first day of the next month, 0 h 30 in Paris: UTC+2 from April to October, UTC+1 otherwise.
const nextMonth = new Date(Date.UTC(year, month + 1, 1))
const parisOffset = nextMonth.getUTCMonth() >= 3 && nextMonth.getUTCMonth() <= 9 ? 2 : 1
let leapYear = year
while (!isLeap(leapYear)) leapYear += 1

const moments = [
  [new Date(Date.UTC(year, month + 1, 1, 0, 30) - parisOffset * 3_600_000), "le dernier soir d'un mois : déjà le 1er à Paris, encore la veille en UTC"],
  [new Date(Date.UTC(leapYear, 1, 29, 22, 45)), "le 29 février à 23 h 45 à Paris"],
  [new Date(Date.UTC(year, 2, lastSunday(year, 2), 1, 30)), "la nuit du passage à l'heure d'été à Paris (3 h 30, une heure après 1 h 59)"],
  [new Date(Date.UTC(year, 9, lastSunday(year, 9), 0, 30)), "la nuit du passage à l'heure d'hiver à Paris (2 h 30, la première des deux)"],
  [new Date(Date.UTC(year, 11, 31, 23, 30)), "le 1er janvier à 0 h 30 à Paris, encore le 31 décembre en UTC"],
]
// UTC+14 and UTC−8: the two sides of Paris, the next pair of days after the five moments.
const zones = ["Pacific/Kiritimati", "America/Los_Angeles"]
const [moment, name] = moments[dayOfYear % moments.length]
const zone = zones[Math.floor(dayOfYear / moments.length) % zones.length]
console.log(`${moment.toISOString().replace("T", " ").slice(0, 19)} UTC|${zone}|${name}`)
