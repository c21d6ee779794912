/**
 * Bundles the studio's rules (src/admin-rules: the build's content rules, the backend wrapper,
 * the `decimal` and `item_number` fields) into `<outdir>/rules.js` for /admin/ only, so nothing
 * of it enters the visitor's bundle. gatsby-node runs it after a build (into public/admin/) and
 * when develop starts. About 60 kB compressed, most of it ajv (docs/studio.md#one-set-of-rules-before-every-save).
 */
import path from "node:path"
import { build } from "esbuild"
import { STUDIO_SCRIPT } from "./admin-preview"

const ENTRY = path.resolve(__dirname, "..", "src", "admin-rules", "index.ts")

export async function buildStudioRules(outdir: string): Promise<void> {
  await build({
    ...STUDIO_SCRIPT,
    entryPoints: { rules: ENTRY },
    outdir,
    // .ts first: esbuild matches names without regard to case, and Gallery/gallery.ts sits beside Gallery.tsx.
    resolveExtensions: [".ts", ".tsx", ".js", ".json"],
  })
}
