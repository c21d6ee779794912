/**
 * The environment of a publication's build (./pipeline.ts): that it is one
 * (build-steps/publication-build.ts), and how much of the server it may take.
 *
 * The same environment for every build, cold or warm: gatsby defines each environment variable
 * in its bundles (webpack's DefinePlugin: every GATSBY_* one in the browser's, every one in the
 * functions' and the HTML renderer's), so a variable added, removed or changed between two builds
 * makes webpack's caches of no use. Before issue 50 the cold build ran with gatsby's default
 * worker count and the warm ones with GATSBY_CPU_COUNT=1, and the first warm build after a cold
 * one compiled the functions, the JavaScript bundles and the HTML renderer again and rewrote their
 * caches (measured side by side: 46, 55 and 31 s against 12, 12 and 12 s for the next one, whose
 * caches were left as they were); the content check, told by a variable, did the same to the
 * save after a « Republier ». What varies between builds goes through files in the workspace.
 *
 * Memory (docs/studio.md#memory, STUDIO_PUBLISH_MEMORY_MB): the build's processes together must stay
 * under the server's budget, cold builds included (issue 50: 1,539 MB cold, 1,186 MB for the
 * first warm one, before these settings). What must stay true:
 * - One process: gatsby's page queries and HTML run in its own process (GATSBY_CPU_COUNT=1),
 *   cold or warm; a worker is a second Node with its own heap and its own copy of the
 *   build's modules (on 2 cores it also cost seconds of start-up for 5 pages: issue 41).
 * - Its JavaScript heap is capped at a share of the budget (--max-old-space-size), the rest left
 *   to what is not heap: Node's code, buffers, and sharp's image encoders.
 * - The images: gatsby runs every image job at once in its process, and each image's sizes and
 *   formats together on libuv's threads; two threads (UV_THREADPOOL_SIZE) encode two at a time,
 *   and two malloc arenas (MALLOC_ARENA_MAX) keep libvips' threads from each holding freed
 *   memory of its own.
 */
import { PUBLICATION_BUILD } from "../../../build-steps/publication-build"

/** The JavaScript heap's share of the build's memory budget. */
const HEAP_SHARE = 0.6
/** Threads encoding images at once (libuv's pool, which sharp's work runs on). */
const IMAGE_THREADS = 2

/**
 * What the build takes from the server's environment: the system's (paths, locale, time zone),
 * the build-time variables (GATSBY_*: the API addresses the browser bundle and its CSP name;
 * PATH_PREFIX), nothing else. Not the rest: a service manager's variables change at every start
 * (systemd's INVOCATION_ID) and would make the first build after a restart a cold one, and the
 * build has no use for the server's secrets (mail, webhook).
 */
const INHERITED = /^(PATH|HOME|USER|LOGNAME|SHELL|LANG|LANGUAGE|LC_[A-Z]+|TZ|TMPDIR|XDG_CONFIG_HOME|XDG_CACHE_HOME|PATH_PREFIX|GATSBY_[A-Z0-9_]+)$/

/**
 * The build's whole environment, the same for every build of a server (./run-build.ts adds its
 * mark and NODE_ENV): the server's system and build-time variables, the publication's flag, one
 * worker, and the memory settings for `memoryMb`.
 */
export function buildEnv(memoryMb: number, inherited: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const kept = Object.entries(inherited).filter((entry): entry is [string, string] => INHERITED.test(entry[0]) && entry[1] !== undefined)
  return {
    ...Object.fromEntries(kept),
    [PUBLICATION_BUILD]: "1",
    GATSBY_CPU_COUNT: "1",
    NODE_OPTIONS: `--max-old-space-size=${Math.floor(memoryMb * HEAP_SHARE)}`,
    UV_THREADPOOL_SIZE: String(IMAGE_THREADS),
    MALLOC_ARENA_MAX: "2",
  }
}
