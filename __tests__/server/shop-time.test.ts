/**
 * The shop's clock is written once (src/server/shop-time.ts): the owner's pages, the seller's page,
 * the mails, the CSV files and the publication's status all read Paris time from there, so a change
 * of rule (or a second shop's zone) is made in one place and no page drifts from the others.
 */
import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { dayText, sheetDate, shopDay, shopFormat } from "../../src/server/shop-time"

const root = path.join(__dirname, "..", "..")

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|js|mjs)$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
}

test("no source file but src/server/shop-time.ts names the shop's time zone", () => {
  const naming = [...sourceFiles("src"), ...sourceFiles("scripts"), ...sourceFiles("build-steps")].filter((file) =>
    readFileSync(path.join(root, file), "utf8").includes("Europe/Paris"),
  )
  expect(naming).toEqual([path.join("src", "server", "shop-time.ts")])
})

test("dates read on a Paris watch, summer and winter, whatever the server's zone", () => {
  expect(sheetDate("2026-11-27T08:03:17.715Z")).toBe("27/11/2026 09:03")
  expect(sheetDate("2026-07-01T21:15:00.000Z")).toBe("01/07/2026 23:15")
  expect(sheetDate("pas une date")).toBe("")
  expect(shopDay(new Date("2026-11-27T23:30:00.000Z"))).toBe("2026-11-28")
  expect(shopFormat({ dateStyle: "long" }).format(new Date("2026-12-31T23:30:00.000Z"))).toBe("1er janvier 2027")
})

test("the first of a month is « 1er » in every French date the server writes, never « 1 décembre »", () => {
  const first = new Date("2026-12-01T11:00:00Z")
  expect(shopFormat({ dateStyle: "long" }).format(first)).toBe("1er décembre 2026")
  expect(shopFormat({ dateStyle: "medium" }).format(first)).toBe("1er déc. 2026")
  expect(shopFormat({ day: "numeric", month: "long" }).format(new Date("2027-01-01T11:00:00Z"))).toBe("1er janvier")
  expect(dayText("2027-05-01")).toBe("1er mai 2027")
  // Not the 11th, 21st or 31st.
  for (const [day, text] of [
    ["2026-12-11", "11 décembre 2026"],
    ["2026-12-21", "21 décembre 2026"],
    ["2026-12-31", "31 décembre 2026"],
  ])
    expect(dayText(day!)).toBe(text)
})
