/**
 * What `gatsby develop`'s server adds for the content studio and for editors (gatsby-node's
 * onCreateDevServer; never part of the built site): /admin/ with its previews and Decap's bundle,
 * where the admin finds decap-server, and, while content is invalid, the French problems instead
 * of the site's pages (polled through STATUS_PATH, so the page reloads once the content is fixed).
 */
import fs from "node:fs"
import path from "node:path"
import type { Express, NextFunction, Request, Response } from "express"
import { buildAdminPreview } from "./admin-preview"
import { buildStudioRules } from "./studio-rules"
import { problemsPage } from "./content/report"
import { DECAP_DIST, DECAP_FILE } from "./studio-bundle"

const ROOT = path.resolve(__dirname, "..")
/** Polled by the problems page develop shows, so it reloads once the content is fixed. */
const STATUS_PATH = "/__contenu/etat"
/** Develop's copy of the studio's previews and rules, bundled when the dev server starts. */
const DEV_PREVIEW_DIR = path.resolve(ROOT, ".cache", "admin-preview")

/** `currentProblems` gives the last content validation's problems (gatsby-node keeps them current). */
export async function addDevelopRoutes(app: Express, currentProblems: () => readonly string[]): Promise<void> {
  await Promise.all([buildAdminPreview(DEV_PREVIEW_DIR), buildStudioRules(DEV_PREVIEW_DIR)])
  app.get("/admin/", (_req: Request, res: Response) => res.sendFile(path.resolve(ROOT, "static", "admin", "index.html")))
  // preview.js, preview.css and the fonts they use, rules.js; the studio's other files come from static/admin/.
  app.get("/admin/:file", (req: Request, res: Response, next: NextFunction) => {
    const file = path.join(DEV_PREVIEW_DIR, path.basename(String(req.params.file)))
    if (!fs.existsSync(file)) return next()
    res.sendFile(file)
  })
  app.get("/admin/decap/:file", (req: Request, res: Response, next: NextFunction) => {
    const file = String(req.params.file)
    if (!DECAP_FILE.test(file) || file.includes("/")) return next()
    res.sendFile(path.join(DECAP_DIST, file))
  })
  // Where the admin finds decap-server (npm run edit sets DECAP_SERVER_PORT).
  app.get("/__contenu/decap", (_req: Request, res: Response) => {
    const port = Number(process.env.DECAP_SERVER_PORT ?? 8081)
    res.set("Cache-Control", "no-store").json({ local_backend: { url: `http://localhost:${port}/api/v1`, allowed_hosts: ["localhost", "127.0.0.1"] } })
  })
  app.get(STATUS_PATH, (_req: Request, res: Response) => {
    const problems = currentProblems()
    res.set("Cache-Control", "no-store").json({ valid: problems.length === 0, problems })
  })
  app.use((req: Request, res: Response, next: NextFunction) => {
    const wantsPage = req.method === "GET" && (req.headers.accept ?? "").includes("text/html") && !req.path.startsWith("/admin")
    const problems = currentProblems()
    if (problems.length === 0 || !wantsPage) return next()
    res.status(500).set("Cache-Control", "no-store").type("html").send(problemsPage(problems, STATUS_PATH))
  })
}
