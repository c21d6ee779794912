/**
 * Bundles the content studio's previews (src/admin-preview) into `<outdir>/preview.js` and
 * `preview.css`: the site's own components and styles with their own React, for /admin/ only.
 * gatsby-node runs it after a build (into public/admin/) and when develop starts.
 */
import path from "node:path"
import { vanillaExtractPlugin } from "@vanilla-extract/esbuild-plugin"
import { build, type BuildOptions } from "esbuild"

const ENTRY = path.resolve(__dirname, "..", "src", "admin-preview", "index.tsx")

/** What the studio's bundles share (this one and studio-rules.ts): one minified script for the browser, production React. */
export const STUDIO_SCRIPT: BuildOptions = {
  bundle: true,
  minify: true,
  format: "iife",
  platform: "browser",
  target: "es2020",
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
}

export async function buildAdminPreview(outdir: string): Promise<void> {
  await build({
    ...STUDIO_SCRIPT,
    entryPoints: { preview: ENTRY },
    outdir,
    // Inter's files are written beside preview.js; the preview resolves them against its own address.
    loader: { ".woff2": "file" },
    assetNames: "[name]-[hash]",
    publicPath: "",
    plugins: [vanillaExtractPlugin()],
  })
}
