/**
 * @jest-environment node
 *
 * The go-live checklist at /admin/mise-en-ligne/ on the production server (src/server/host/app.ts,
 * the studio's door in front), over real sockets, on a copy of the shipped content/ and a real git
 * repository: nothing without the owner's session; as shipped, every point is red with what to do
 * (the placeholders each with a link to their entry in the studio, the e-mail settings to give,
 * HTTPS, the example shop links, the demo drawings, the missing backup); each turns green once
 * done. And the lists of what ships as an example match the shipped files.
 */
import { execFileSync } from "node:child_process"
import { createHash } from "node:crypto"
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import { parse } from "yaml"
import { findPlaceholders } from "../../build-steps/content/placeholders"
import { DEMO_PHOTOS, EXAMPLE_SHOP_URLS, STUDIO_ENTRIES } from "../../src/server/golive/shipped"
import { loginCookie, startStudioServer, type StudioServer } from "../helpers/studio-server"

jest.setTimeout(60_000)
const CONTENT = path.resolve(__dirname, "../../content")
const SMTP = { url: "smtp://127.0.0.1:2525", to: "proprietaire@exemple.fr", from: "site@exemple.fr" }

/** The page as the owner's browser gets it, its text with the no-break spaces read as spaces. */
async function checklist(studio: StudioServer, cookie: string, headers: Record<string, string> = {}): Promise<string> {
  const answer = await fetch(`${studio.base}/admin/mise-en-ligne/`, { headers: { Cookie: cookie, Accept: "text/html", ...headers } })
  expect(answer.status).toBe(200)
  expect(answer.headers.get("cache-control")).toBe("private, no-store")
  return (await answer.text()).replace(/[\u00a0\u202f]/g, " ")
}

/** The state word of the point `id` (« Fait », « À faire », « À vérifier »). */
function stateOf(html: string, id: string): string {
  const point = new RegExp(`<li class="check tone-(\\w+)" id="${id}">[\\s\\S]*?<span class="state">([^<]+)</span>`).exec(html)
  if (!point) throw new Error(`point ${id} absent`)
  return `${point[1]} ${point[2]}`
}

describe("as shipped, on http, without e-mail settings", () => {
  let studio: StudioServer
  let cookie: string
  beforeAll(async () => {
    studio = await startStudioServer({ delivery: { smtp: null, webhook: null } })
    cookie = await loginCookie(studio.base)
  })
  afterAll(() => studio.stop())

  test("without a session: the login page for a browser (401), 401 JSON otherwise; the stylesheet too", async () => {
    const page = await fetch(`${studio.base}/admin/mise-en-ligne/`, { headers: { Accept: "text/html" } })
    expect(page.status).toBe(401)
    expect(await page.text()).toContain("Se connecter")
    const json = await fetch(`${studio.base}/admin/mise-en-ligne/`)
    expect(json.status).toBe(401)
    expect((await json.json()).code).toBe("session_required")
    expect((await fetch(`${studio.base}/admin/mise-en-ligne/mise-en-ligne.css`)).status).toBe(401)
  })

  test("every shipped placeholder is listed with a link to its field in the studio (its entry, and the text the field holds)", async () => {
    const html = await checklist(studio, cookie)
    const shipped = findPlaceholders(CONTENT)
    expect(shipped.length).toBeGreaterThanOrEqual(12)
    expect(stateOf(html, "textes")).toBe("todo À faire")
    expect(html).toContain(`${shipped.length} champs affichent encore « [À COMPLÉTER…] »`)
    expect(html).toContain(
      'Dans « Mentions légales et confidentialité » :<ul class="fields"><li><a href="/admin/?champ=%5B%C3%80%20COMPL%C3%89TER%20%3A%20nom%20ou%20raison%20sociale%5D#/collections/pages/entries/legal">nom ou raison sociale</a>',
    )
    // The register's head needs the prefecture's receipt (src/server/inbox/register-view.ts): on the list while it is a placeholder.
    expect(html).toContain("numéro du récépissé de la déclaration en préfecture de revendeur d&#39;objets mobiliers")
    for (const { file, text } of shipped) {
      const what = text
        .replace(/^\[À COMPLÉTER : /, "")
        .replace(/\]$/, "")
        .replace(/'/g, "&#39;")
      const href = `/admin/?champ=${encodeURIComponent(text).replace(/'/g, "&#39;")}#/collections/pages/entries/${file}`
      expect([file, html]).toEqual([file, expect.stringContaining(`<li><a href="${href}">${what}</a></li>`)])
    }
  })

  test("the unconfigured e-mail, HTTPS over http, the example shops, the demo drawings and the missing backup are red, each with what to do", async () => {
    const html = await checklist(studio, cookie)
    expect(stateOf(html, "email")).toBe("todo À faire")
    expect(html).toContain("les demandes n&#39;arrivent dans aucune boîte e-mail")
    for (const name of ["SMTP_URL", "LEADS_TO", "LEADS_FROM"]) expect(html).toContain(`<code>${name}=`)
    expect(stateOf(html, "https")).toBe("todo À faire")
    expect(html).toContain("<code>TRUST_PROXY=1</code>")
    expect(stateOf(html, "boutiques")).toBe("todo À faire")
    expect(html).toContain("Boutique « maxAi Officiel »")
    expect(stateOf(html, "photos")).toBe("todo À faire")
    expect(html).toContain("Articles vendus (galerie) : 15 dessins d&#39;exemple")
    expect(stateOf(html, "sauvegarde")).toBe("todo À faire")
    expect(html).toContain("6 points restent à régler sur 6")
  })

  test("over HTTPS through a trusted proxy it is green; a proxy that is not trusted changes nothing", async () => {
    const trusted = await startStudioServer({ trustProxy: 1 })
    try {
      const html = await checklist(trusted, await loginCookie(trusted.base), { "X-Forwarded-Proto": "https" })
      expect(stateOf(html, "https")).toBe("done Fait")
    } finally {
      await trusted.stop()
    }
    expect(stateOf(await checklist(studio, cookie, { "X-Forwarded-Proto": "https" }), "https")).toBe("todo À faire")
  })

  test("placeholders, shops and photos turn green once the content is the owner's own", async () => {
    const content = path.join(studio.siteDir, "content")
    for (const file of readdirSync(content).filter((name) => name.endsWith(".json"))) {
      const text = readFileSync(path.join(content, file), "utf8").replace(/\[À COMPLÉTER[^\]]*\]/g, "Texte de la boutique")
      writeFileSync(path.join(content, file), text.replace(/https:\/\/www\.vinted\.fr\/member\/\d+-/g, "https://www.vinted.fr/member/42-vraie-"))
    }
    for (const photo of Object.keys(DEMO_PHOTOS))
      writeFileSync(path.join(content, photo), Buffer.concat([readFileSync(path.join(content, photo)), Buffer.from("réel")]))
    const html = await checklist(studio, cookie)
    expect(stateOf(html, "textes")).toBe("done Fait")
    expect(stateOf(html, "boutiques")).toBe("done Fait")
    expect(stateOf(html, "photos")).toBe("done Fait")
  })
})

test("e-mail: green with SMTP (naming the mailbox), orange with a webhook only", async () => {
  for (const [delivery, state, words] of [
    [{ smtp: SMTP, webhook: null }, "done Fait", "envoyée par e-mail à proprietaire@exemple.fr"],
    [{ smtp: null, webhook: "https://exemple.fr/crochet" }, "check À vérifier", "aucune boîte e-mail ne les reçoit"],
  ] as const) {
    const studio = await startStudioServer({ delivery })
    try {
      const html = await checklist(studio, await loginCookie(studio.base))
      expect(stateOf(html, "email")).toBe(state)
      expect(html).toContain(words)
    } finally {
      await studio.stop()
    }
  }
})

test("backup: red without an upstream, orange with a commit not pushed, green once pushed", async () => {
  const studio = await startStudioServer()
  try {
    const cookie = await loginCookie(studio.base)
    const git = (cwd: string, ...args: string[]) =>
      execFileSync("git", ["-c", "user.name=test", "-c", "user.email=test@exemple.fr", ...args], { cwd, stdio: "pipe" })
    const remote = path.join(studio.dir, "remote.git")
    mkdirSync(remote)
    git(remote, "init", "--quiet", "--bare")
    git(studio.siteDir, "init", "--quiet", "-b", "main")
    git(studio.siteDir, "add", "content")
    git(studio.siteDir, "commit", "--quiet", "-m", "Contenu livré")
    let html = await checklist(studio, cookie)
    expect(stateOf(html, "sauvegarde")).toBe("todo À faire")
    expect(html).toContain("aucune copie ailleurs")
    git(studio.siteDir, "remote", "add", "origin", remote)
    git(studio.siteDir, "push", "--quiet", "-u", "origin", "main")
    expect(stateOf(await checklist(studio, cookie), "sauvegarde")).toBe("done Fait")
    writeFileSync(path.join(studio.siteDir, "content", "news.json"), readFileSync(path.join(studio.siteDir, "content", "news.json"), "utf8").replace("}", " }"))
    git(studio.siteDir, "commit", "--quiet", "-am", "Une actualité")
    html = await checklist(studio, cookie)
    expect(stateOf(html, "sauvegarde")).toBe("check À vérifier")
    expect(html).toContain("1 modification n&#39;est pas encore copiée sur origin/main")
    git(studio.siteDir, "push", "--quiet")
    expect(stateOf(await checklist(studio, cookie), "sauvegarde")).toBe("done Fait")
  } finally {
    await studio.stop()
  }
})

test("what ships as an example is named once and matches the shipped files and the studio's entries", () => {
  for (const folder of ["items", "shops"]) {
    for (const file of readdirSync(path.join(CONTENT, "images", folder))) {
      const photo = `images/${folder}/${file}`
      expect([photo, DEMO_PHOTOS[photo]]).toEqual([
        photo,
        createHash("sha256")
          .update(readFileSync(path.join(CONTENT, photo)))
          .digest("hex"),
      ])
    }
  }
  expect(Object.keys(DEMO_PHOTOS)).toHaveLength(readdirSync(path.join(CONTENT, "images", "items")).length + 2)
  const shops = JSON.parse(readFileSync(path.join(CONTENT, "shops.json"), "utf8")) as { items: Array<{ url: string }> }
  expect(new Set(shops.items.map((shop) => shop.url))).toEqual(EXAMPLE_SHOP_URLS)
  const config = parse(readFileSync(path.resolve(__dirname, "../../static/admin/config.yml"), "utf8")) as {
    collections: Array<{ name: string; files?: Array<{ name: string; label: string; file: string }> }>
  }
  const entries = config.collections.flatMap((collection) =>
    (collection.files ?? []).map((file) => [path.basename(file.file, ".json"), { collection: collection.name, entry: file.name, label: file.label }]),
  )
  expect(Object.fromEntries(entries)).toEqual(STUDIO_ENTRIES)
})
