/**
 * @jest-environment node
 *
 * The build served (src/server/host/served.ts): a republication's switch keeps the build before
 * (its files still answer old pages) and lets the one before that go, functions included, so
 * the server's memory does not grow with every republication (it grew by 36 MB each time while
 * Node's list of loaded modules kept them). Measured in a process of its own, outside jest.
 */
import { execFileSync } from "node:child_process"
import path from "node:path"

test("the build before stays at hand; the one before that is let go, its functions with it", () => {
  const helper = path.resolve(__dirname, "../../helpers/served-release.ts")
  // tsx's CommonJS hook alone (the helper is CommonJS): --import tsx's module loader thread doubled its CPU.
  const output = execFileSync(process.execPath, ["--expose-gc", "--require", "tsx/cjs", helper], { encoding: "utf8", timeout: 60_000 })
  expect(JSON.parse(output)).toEqual({ firstReleased: true, modules: ["second", "third"], previous: path.join("second", "functions") })
})
