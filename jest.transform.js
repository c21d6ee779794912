/**
 * Jest's transform for TypeScript, TSX and the ESM that Gatsby ships: esbuild, one file at a time,
 * to CommonJS, types stripped without being checked (`npm run typecheck`, `tsc --noEmit`, checks
 * them, in CI beside the build). On a fresh clone, with no transform cache yet, Babel with Gatsby's
 * preset spent about 21 s of CPU on the project's 406 files where esbuild takes under 1 s.
 *
 * What must stay true:
 * - a file that calls jest.mock() (or its kin) goes through Babel as before: babel-jest's preset
 *   hoists those calls above the file's imports, so the mock is in place when they are required;
 *   esbuild would leave the call after them and the real module would be loaded;
 * - class fields follow tsconfig.json's target (ES2021, useDefineForClassFields off), as tsc and
 *   the site's build do: a field without initialiser is a type, not an own property;
 * - the cache key names this file, esbuild's version and node's (the target), so changing any of them retransforms.
 */
const { createHash } = require("node:crypto")
const { readFileSync } = require("node:fs")
const esbuild = require("esbuild")
const babelJest = require("babel-jest").default

const babel = babelJest.createTransformer({ presets: ["babel-preset-gatsby", "@babel/preset-typescript"] })
const MOCKS = /\bjest\s*\.\s*(mock|unmock|doMock|enableAutomock|disableAutomock|deepUnmock)\s*\(/
const OWN_KEY = createHash("sha256").update(readFileSync(__filename)).update(esbuild.version).update(process.versions.node).digest("hex")

function loader(path) {
  if (path.endsWith(".tsx")) return "tsx"
  if (path.endsWith(".ts") || path.endsWith(".mts") || path.endsWith(".cts")) return "ts"
  return "jsx"
}

module.exports = {
  canInstrument: false,
  getCacheKey(source, path, options) {
    if (MOCKS.test(source)) return "babel:" + babel.getCacheKey(source, path, options)
    return createHash("sha256").update(OWN_KEY).update("\0").update(path).update("\0").update(source).digest("hex")
  },
  process(source, path, options) {
    if (MOCKS.test(source)) return babel.process(source, path, options)
    const { code, map } = esbuild.transformSync(source, {
      loader: loader(path),
      format: "cjs",
      target: `node${process.versions.node}`,
      jsx: "automatic",
      // import() becomes a require() behind a promise, as Babel made it: jest's module registry
      // (and its mocks) serves CommonJS, and node's import() inside jest's vm is refused.
      supported: { "dynamic-import": false },
      sourcefile: path,
      sourcemap: "external",
      tsconfigRaw: { compilerOptions: { useDefineForClassFields: false } },
    })
    return { code, map }
  },
}
