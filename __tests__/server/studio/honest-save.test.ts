/**
 * @jest-environment node
 *
 * An honest save (src/server/studio/history.ts): on the real server, over real sockets, in a
 * real git repository whose commits fail (a hook that fails as a full disk would). The save
 * used to answer 200 while its commit had failed; now the studio answers the French sentence
 * (written, not recorded nor published), the publication status says so, and the next save —
 * or « Réessayer » — commits what was left.
 */
import { execFileSync } from "node:child_process"
import { chmodSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { studioAction, useLoggedInStudio } from "../../helpers/studio-server"

jest.setTimeout(60_000)
const session = useLoggedInStudio()

type Item = Record<string, unknown>
const soldItemsFile = () => join(session.studio.siteDir, "content", "sold-items.json")
const git = (...args: string[]) =>
  execFileSync("git", ["-C", session.studio.siteDir, "-c", "user.name=t", "-c", "user.email=t@exemple.fr", ...args], { encoding: "utf8" })
const hook = () => join(session.studio.siteDir, ".git", "hooks", "pre-commit")

function failCommits(): void {
  writeFileSync(hook(), "#!/bin/sh\necho 'fatal: No space left on device' >&2\nexit 1\n")
  chmodSync(hook(), 0o755)
}

async function saveItems(edit: (items: Item[]) => void) {
  const data = JSON.parse(readFileSync(soldItemsFile(), "utf8")) as { items: Item[] }
  edit(data.items)
  const answer = await studioAction(session, "persistEntry", {
    dataFiles: [{ slug: "sold-items", path: "content/sold-items.json", raw: JSON.stringify(data, null, 2) }],
    assets: [],
    options: { commitMessage: "prix" },
  })
  return { status: answer.status, body: (await answer.json()) as { code?: string; error?: string } }
}

async function publicationStatus() {
  const answer = await fetch(`${session.studio.base}/admin/publication.json`, { headers: { Cookie: session.cookie } })
  return (await answer.json()) as { state: string; message: string; details: string[]; canRepublish: boolean }
}

const price = (index: number) => (JSON.parse(readFileSync(soldItemsFile(), "utf8")) as { items: Item[] }).items[index]!.price

/** The operator's log line for each failed commit (its text is checked once below). */
const logged = jest.spyOn(console, "error").mockImplementation(() => undefined)

beforeAll(() => {
  git("init", "--quiet")
  git("add", "--all")
  git("commit", "--quiet", "-m", "départ")
})

test("a commit that fails: not 200 but the French sentence, the change kept on disk, the publication status says it", async () => {
  failCommits()
  const saved = await saveItems((items) => {
    items[0]!.price = 41
  })
  expect(saved.status).toBe(500)
  expect(saved.body).toMatchObject({ code: "not_recorded" })
  expect(saved.body.error).toMatch(/^Modification écrite sur le serveur, mais ni inscrite dans l'historique ni publiée/)
  expect(price(0)).toBe(41)
  expect(git("log", "--format=%s")).toBe("départ\n")
  const status = await publicationStatus()
  expect(status).toMatchObject({ state: "failed", canRepublish: true })
  expect(status.message).toContain("ni inscrites dans l'historique ni publiées")
  expect(status.details.join("\n")).toContain("No space left on device")
  expect(String(logged.mock.calls.at(-1)?.[0])).toContain("modification écrite (entière) mais pas inscrite dans l'historique")
})

test("the next save commits what was left with its own change, and the status is clear again", async () => {
  rmSync(hook())
  const saved = await saveItems((items) => {
    items[1]!.price = 52
  })
  expect(saved).toEqual({ status: 200, body: { message: "entry persisted" } })
  expect(git("log", "--format=%s")).toBe("prix\ndépart\n")
  const diff = git("show", "--format=", "HEAD", "--", "content/sold-items.json")
  expect(diff).toContain('"price": 41')
  expect(diff).toContain('"price": 52')
  expect(git("status", "--porcelain", "--", "content")).toBe("")
  expect((await publicationStatus()).state).toBe("off")
})

test("« Réessayer » commits what a failed save left, without another save", async () => {
  failCommits()
  expect(
    (
      await saveItems((items) => {
        items[2]!.price = 63
      })
    ).status,
  ).toBe(500)
  const again = await fetch(`${session.studio.base}/admin/publication`, { method: "POST", headers: { Cookie: session.cookie, Origin: session.studio.base } })
  expect(again.status).toBe(500)
  expect(((await again.json()) as { state: string }).state).toBe("failed")
  rmSync(hook())
  const retried = await fetch(`${session.studio.base}/admin/publication`, { method: "POST", headers: { Cookie: session.cookie, Origin: session.studio.base } })
  expect(retried.status).toBe(409) // this test server does not republish (STUDIO_PUBLISH=off)
  expect(((await retried.json()) as { state: string }).state).toBe("off")
  expect(git("log", "-1", "--format=%an|%s")).toBe("proprietaire@exemple.fr|Studio : modifications en attente\n")
  expect(git("status", "--porcelain", "--", "content")).toBe("")
})
