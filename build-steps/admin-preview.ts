/**
 * Bundles the content studio's previews (src/admin-preview) into `<outdir>/preview.js` and
 * `preview.css`: the site's own components and styles with their own React, for /admin/ only.
 * gatsby-node runs it after a build (into public/admin/) and when develop starts.
 */
import path from "node:path"
import { vanillaExtractPlugin } from "@vanilla-extract/esbuild-plugin"
import { build } from "esbuild"

const ENTRY = path.resolve(__dirname, "..", "src", "admin-preview", "index.tsx")

export async function buildAdminPreview(outdir: string): Promise<void> {
  await build({
    entryPoints: { preview: ENTRY },
    outdir,
    bundle: true,
    minify: true,
    format: "iife",
    platform: "browser",
    target: "es2020",
    define: { "process.env.NODE_ENV": '"production"' },
    // Inter's files are written beside preview.js; the preview resolves them against its own address.
    loader: { ".woff2": "file" },
    assetNames: "[name]-[hash]",
    publicPath: "",
    plugins: [vanillaExtractPlugin()],
    logLevel: "warning",
  })
}
