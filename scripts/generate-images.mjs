#!/usr/bin/env node
/**
 * Generates every raster image the site ships with, from SVG built in code.
 *
 *   node scripts/generate-images.mjs      (or: npm run images)
 *
 * Why generated instead of photographed: the catalogue is a demo, we own no
 * product photos, and we must not copy brand trademarks. Flat illustrations
 * drawn from the content files keep the images consistent with the JSON
 * (title colour, category, brand) and let anyone regenerate them.
 *
 * Outputs (paths come from the content JSON, so renaming there is enough):
 *   content/<sold-items[].image>   800x1000 JPEG  one illustration per item
 *   content/<engine.slides[].image> 1200x900 JPEG "AI scan" slides
 *   content/<shops[].avatar>        256x256 PNG   shop avatars
 *   content/images/icon.png         512x512 PNG   manifest icon
 *   static/og-image.png             1200x630 PNG  social share image
 *
 * It never overwrites a file: an existing path may be a real photo an editor
 * put there. Only missing images are created. `--regenerate` redraws the
 * existing ones too, and lists each file it replaces before writing it:
 *
 *   npm run images -- --regenerate
 *
 * The drawing lives in scripts/images/ (palettes, SVG helpers, garments, slides, brand assets).
 *
 * The drawing is deterministic (no randomness at all): with the same sharp
 * version, a regenerated placeholder is byte-identical to the previous one.
 */
import { access, mkdir, readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import { fileURLToPath } from "node:url"
import sharp from "sharp"
import { itemSvg } from "./images/items.mjs"
import { slideSvg } from "./images/slides.mjs"
import { avatarSvg, iconSvg, ogSvg } from "./images/brand-assets.mjs"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const CONTENT = path.join(ROOT, "content")

/* ------------------------------------------------------------------------ */
/* Output                                                                    */
/* ------------------------------------------------------------------------ */

const REGENERATE = process.argv.includes("--regenerate")
const counts = { created: 0, replaced: 0, kept: 0 }

async function exists(file) {
  return access(file).then(
    () => true,
    () => false,
  )
}

async function write(relPath, svg, format) {
  const file = path.join(ROOT, relPath)
  const present = await exists(file)
  if (present && !REGENERATE) {
    counts.kept += 1
    return
  }
  await mkdir(path.dirname(file), { recursive: true })
  const img = sharp(Buffer.from(svg))
  const buf =
    format === "jpeg"
      ? await img.flatten({ background: "#ffffff" }).jpeg({ quality: 78, mozjpeg: true }).toBuffer()
      : await img.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer()
  await writeFile(file, buf)
  counts[present ? "replaced" : "created"] += 1
  console.log(`${present ? "remplacé" : "créé"} : ${relPath} (${(buf.length / 1024).toFixed(1)} Ko)`)
}

async function readJson(name) {
  return JSON.parse(await readFile(path.join(CONTENT, name), "utf8"))
}

async function main() {
  const [{ items }, engine, { items: shops }] = await Promise.all([readJson("sold-items.json"), readJson("engine.json"), readJson("shops.json")])

  for (const item of items) {
    await write(path.join("content", item.image), itemSvg(item), "jpeg")
  }
  for (const [i, slide] of engine.slides.entries()) {
    await write(path.join("content", slide.image), slideSvg(i), "jpeg")
  }
  for (const shop of shops) {
    await write(path.join("content", shop.avatar), avatarSvg(shop), "png")
  }
  await write("content/images/icon.png", iconSvg(), "png")
  await write("static/og-image.png", ogSvg(), "png")
  console.log(
    `${counts.created} image(s) créée(s), ${counts.replaced} remplacée(s), ${counts.kept} existante(s) laissée(s) intactes` +
      (counts.kept > 0 && !REGENERATE ? " (npm run images -- --regenerate pour les redessiner)" : ""),
  )
}

main().catch((err) => {
  console.error(err)
  process.exitCode = 1
})
