/**
 * The environment variables of the content studio and its republication (docs/operations/settings.md#studio-and-publication), read
 * and checked like every other in ./settings.ts, which re-exports them:
 *
 * The content studio (src/server/studio/, read by the host and by `npm run studio:account`):
 * - STUDIO_ACCOUNTS (data/studio-accounts.json): the owner accounts, outside public/ and git.
 * - STUDIO_SITE_DIR (the project): the folder whose content/ the studio edits (a copy, for tests).
 * - STUDIO_PUBLISH ("on"): after each save the server rebuilds the site from that content/ and
 *   serves the new build once it succeeded (src/server/publish/); "off": saves only.
 * - STUDIO_PUBLISH_DIR (data/publish/): the build's workspace, the releases served, the build log.
 * - STUDIO_PUBLISH_WARM_UP ("on"): a cache missing or from other code is warmed at start; "off": no build unasked.
 * - STUDIO_PUBLISH_MEMORY_MB (1000, ≥ 600): the memory a build's processes may take together.
 * - STUDIO_PUBLISH_TIMEOUT_S (900): a build still running after that long is stopped (it failed).
 */
import path from "node:path"
import { EnvReader, outsidePublic, runtimeEnv, type Read } from "./env-reader"

/**
 * The studio's republication (src/server/publish/): where it builds and keeps releases, how long a
 * build may take, whether the server warms its cache at start, the memory a build may take.
 */
export type PublishSettings = { readonly dir: string; readonly timeoutMs: number; readonly warmUp: boolean; readonly memoryMb: number }

/** `publish` is null when STUDIO_PUBLISH is off (saves only, the served site never changes). */
export type StudioSettings = { readonly accountsFile: string; readonly siteDir: string; readonly publish: PublishSettings | null }

function publishSettings(reader: EnvReader, root: string): PublishSettings | null {
  const mode = reader.text("STUDIO_PUBLISH")?.toLowerCase() ?? "on"
  if (mode !== "on" && mode !== "off") reader.refuse("STUDIO_PUBLISH", mode, "« on » ou « off »")
  const dir = outsidePublic(reader, "STUDIO_PUBLISH_DIR", path.resolve(root, reader.text("STUDIO_PUBLISH_DIR") ?? path.join("data", "publish")), "un dossier")
  const timeoutMs = reader.integer("STUDIO_PUBLISH_TIMEOUT_S", 900, 10) * 1000
  const warmUp = reader.text("STUDIO_PUBLISH_WARM_UP")?.toLowerCase() ?? "on"
  if (warmUp !== "on" && warmUp !== "off") reader.refuse("STUDIO_PUBLISH_WARM_UP", warmUp, "« on » ou « off »")
  const memoryMb = reader.integer("STUDIO_PUBLISH_MEMORY_MB", 1000, 600)
  return mode === "off" ? null : { dir, timeoutMs, warmUp: warmUp !== "off", memoryMb }
}

/** `root`: the project, which relative paths are read from. */
export function readStudioSettings(env: NodeJS.ProcessEnv = runtimeEnv(), root = process.cwd()): Read<StudioSettings> {
  const reader = new EnvReader(env)
  const siteDir = path.resolve(root, reader.text("STUDIO_SITE_DIR") ?? ".")
  const accountsFile = outsidePublic(
    reader,
    "STUDIO_ACCOUNTS",
    path.resolve(root, reader.text("STUDIO_ACCOUNTS") ?? path.join("data", "studio-accounts.json")),
    "un fichier",
  )
  return { settings: { accountsFile, siteDir, publish: publishSettings(reader, root) }, problems: reader.problems }
}
