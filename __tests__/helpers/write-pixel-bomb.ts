/**
 * `node --import tsx __tests__/helpers/write-pixel-bomb.ts <file> <edge>`: the pixel bomb of
 * ./pixel-bomb.ts written to <file>, for the browser spec that picks one in the studio
 * (e2e/studio-rules.spec.mjs), so both kinds of test use the same bomb.
 */
import { writeFileSync } from "node:fs"
import { pixelBombPng } from "./pixel-bomb"

const [file, edge] = process.argv.slice(2)
if (!file || !Number(edge)) throw new Error("usage : write-pixel-bomb.ts <fichier> <côté en pixels>")
writeFileSync(file, pixelBombPng(Number(edge)))
