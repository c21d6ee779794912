/**
 * The build the server serves: its files (public/) and its compiled Gatsby Functions, switched
 * in one assignment when the studio's republication has a new build ready (src/server/publish/).
 *
 * What must stay true:
 * - A request reads the build once, when it arrives (site.ts pins it for the headers and the
 *   file): each answer comes wholly from one build, never a page with the other build's CSP.
 * - The build before stays at hand: its files answer what the new one lacks (a visitor whose
 *   page came from it asks for its images and scripts by their old hashed names). The one
 *   before that is dropped, its functions' modules forgotten so memory does not grow.
 * - The functions share one outbox, courier and proof-of-work guard per process
 *   (src/server/leads/service.ts, on globalThis): loading a new build's functions starts no
 *   second courier and loses no pending delivery.
 */
import { existsSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { setImmediate as nextTurn } from "node:timers/promises"
import path from "node:path"
import { API_ROUTES } from "../http/routes"
import type { ApiFunction, FunctionHandler } from "./api"

export type ServedBuild = {
  readonly publicDir: string
  readonly functions: ReadonlyArray<ApiFunction>
  /** Where the functions were loaded from (their modules are forgotten when the build is dropped). */
  readonly functionsDir?: string
}

export class ServedSite {
  private builds: { current: ServedBuild; previous: ServedBuild | null }

  constructor(first: ServedBuild) {
    this.builds = { current: first, previous: null }
  }

  get current(): ServedBuild {
    return this.builds.current
  }

  get previous(): ServedBuild | null {
    return this.builds.previous
  }

  /** Serves `next` from the next request on. */
  switchTo(next: ServedBuild): void {
    const dropped = this.builds.previous
    this.builds = { current: next, previous: this.builds.current }
    if (dropped?.functionsDir && dropped.functionsDir !== next.functionsDir) forgetFunctions(dropped.functionsDir)
  }
}

type ManifestEntry = { functionRoute: string; relativeCompiledFilePath: string }

const requireHere = createRequire(__filename)

/**
 * Requires a compiled function with Node's source maps off: while they are on (`node
 * --enable-source-maps`), Node keeps what it compiled of each bundle for good, and every
 * republication would leave its functions in memory (measured: 5 MB a time for the smallest).
 */
function requireBundle(file: string): unknown {
  const enabled = process.sourceMapsEnabled
  process.setSourceMapsEnabled(false)
  try {
    return requireHere(file)
  } finally {
    process.setSourceMapsEnabled(enabled)
  }
}

/**
 * Each compiled function of `functionsDir` (a build's .cache/functions, or a release's copy),
 * required once. Rejects, in French, when one is missing, undeclared in API_ROUTES or not a function.
 *
 * One function per turn of the event loop: requiring a bundle (1.5 to 2 MB each) blocks the
 * process, about 0.2 s each on a quiet 2-core machine and 0.8 s at a load of 20; requests
 * arriving meanwhile are answered between two, so none waits for them all (nor past the 5 s
 * keep-alive, which would cut its connection).
 */
export async function loadFunctions(functionsDir: string): Promise<ApiFunction[]> {
  const manifest = path.join(functionsDir, "manifest.json")
  if (!existsSync(manifest)) throw new Error(`${manifest} introuvable : lancez d'abord npm run build`)
  const entries = JSON.parse(readFileSync(manifest, "utf8")) as ManifestEntry[]
  const functions: ApiFunction[] = []
  for (const entry of entries) {
    if (!API_ROUTES[entry.functionRoute]) throw new Error(`/api/${entry.functionRoute} n'est pas déclarée dans src/server/http/routes.ts (API_ROUTES)`)
    await nextTurn()
    const mod = requireBundle(path.join(functionsDir, entry.relativeCompiledFilePath)) as { default?: FunctionHandler } | FunctionHandler
    const handler = typeof mod === "function" ? mod : mod.default
    if (typeof handler !== "function") throw new Error(`${entry.functionRoute} n'exporte pas de fonction`)
    functions.push({ route: entry.functionRoute, handler })
  }
  return functions
}

/**
 * Drops the modules loaded from `functionsDir` from Node's cache and from the list of modules
 * that required them (which kept every build's functions alive: the server's memory grew by
 * 36 MB at each republication, and stays flat over 12 with this), so their memory goes once
 * nothing uses them.
 */
function forgetFunctions(functionsDir: string): void {
  const prefix = `${path.resolve(functionsDir)}${path.sep}`
  for (const key of Object.keys(requireHere.cache)) {
    if (!key.startsWith(prefix)) continue
    // The module that required it (createRequire's) lists it among its children too.
    const loaded = requireHere.cache[key] as NodeJS.Module & { parent?: NodeJS.Module | null }
    const siblings = loaded.parent?.children ?? []
    if (siblings.includes(loaded)) siblings.splice(siblings.indexOf(loaded), 1)
    delete requireHere.cache[key]
  }
}
