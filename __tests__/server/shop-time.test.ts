/**
 * The shop's clock is written once (src/server/shop-time.ts): the owner's pages, the seller's page,
 * the mails, the CSV files and the publication's status all read Paris time from there, so a change
 * of rule (or a second shop's zone) is made in one place and no page drifts from the others.
 */
import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { sheetDate, shopDay, shopFormat } from "../../src/server/shop-time"

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
  expect(shopFormat({ dateStyle: "long" }).format(new Date("2026-12-31T23:30:00.000Z"))).toBe("1 janvier 2027")
})
