/**
 * @jest-environment node
 *
 * Logging out, over real sockets: one same-origin POST to /admin/logout ends the session (the
 * studio's « Déconnexion », the inbox's and the checklist's « Se déconnecter »); a GET changes
 * nothing (a link, a prefetch, an address typed: it shows a page with the button), nor a POST
 * from another site.
 */
import { loginCookie, startStudioServer, type StudioServer } from "../../helpers/studio-server"

jest.setTimeout(30_000)
let studio: StudioServer
beforeAll(async () => {
  studio = await startStudioServer()
})
afterAll(() => studio.stop())

const opensStudio = async (cookie: string) => (await fetch(`${studio.base}/admin/backend.json`, { headers: { Cookie: cookie } })).status === 200

test("GET /admin/logout and a POST from another site change nothing; one same-origin POST logs out", async () => {
  const cookie = await loginCookie(studio.base)
  const page = await fetch(`${studio.base}/admin/logout`, { headers: { Cookie: cookie, Accept: "text/html" } })
  expect(page.status).toBe(200)
  expect(page.headers.get("set-cookie")).toBeNull()
  expect(await page.text()).toContain('<form method="post"')
  expect(await opensStudio(cookie)).toBe(true)

  const forged = await fetch(`${studio.base}/admin/logout`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, Origin: "https://ailleurs.example" },
  })
  expect(forged.status).toBe(403)
  expect(await opensStudio(cookie)).toBe(true)

  const out = await fetch(`${studio.base}/admin/logout`, { method: "POST", redirect: "manual", headers: { Cookie: cookie, Origin: studio.base } })
  expect([out.status, out.headers.get("location")]).toEqual([303, "/admin/?fin=1"])
  expect(await opensStudio(cookie)).toBe(false)
})
