/**
 * The content studio's code: Decap's standalone bundle (it carries its own React, so nothing of
 * it enters the site's webpack graph). The build copies it next to static/admin/ (gatsby-node's
 * onPostBuild); develop serves it from node_modules (develop-server.ts: develop empties public/
 * after onPreBootstrap).
 */
import fs from "node:fs"
import path from "node:path"

/** The files of Decap's standalone bundle the admin loads (entry, lazy chunks, wasm). */
export const DECAP_FILE = /decap-cms\.js$|\.wasm$/

/** Where the installed bundle lives. */
export const DECAP_DIST = path.resolve(__dirname, "..", "node_modules", "decap-cms", "dist")

/** Copies the bundle's files into `<publicDir>/admin/decap/`. */
export function copyDecapBundle(publicDir: string): void {
  const to = path.join(publicDir, "admin", "decap")
  fs.mkdirSync(to, { recursive: true })
  for (const file of fs.readdirSync(DECAP_DIST)) {
    if (DECAP_FILE.test(file)) fs.copyFileSync(path.join(DECAP_DIST, file), path.join(to, file))
  }
}
