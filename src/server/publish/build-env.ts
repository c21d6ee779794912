/**
 * What a publication's build is told through its environment (./pipeline.ts): what the studio
 * already did (build-steps/publication-build.ts), and how much of the server it may take.
 *
 * The same settings for every build, cold or warm: a build told otherwise than the one before
 * finds webpack's caches of no use. Before issue 50 the cold build ran with gatsby's default
 * worker count and the warm ones with GATSBY_CPU_COUNT=1, and the first warm build after a cold
 * one compiled the functions, the JavaScript bundles and the HTML renderer again and rewrote their
 * caches (measured side by side: 46, 55 and 31 s against 12, 12 and 12 s for the next one, whose
 * caches were left as they were); with one environment the first warm build is as fast as the next.
 *
 * Memory (README, "Studio", STUDIO_PUBLISH_MEMORY_MB): the build's processes together must stay
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
import { CONTENT_CHECKED, PUBLICATION_BUILD } from "../../../build-steps/publication-build"
import type { PublishRequest } from "./publisher"

/** The JavaScript heap's share of the build's memory budget. */
const HEAP_SHARE = 0.6
/** Threads encoding images at once (libuv's pool, which sharp's work runs on). */
const IMAGE_THREADS = 2

/** The build's environment: the publication's flags and the memory settings for `memoryMb`. */
export function buildEnv(request: PublishRequest, memoryMb: number, inherited: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const heap = `--max-old-space-size=${Math.floor(memoryMb * HEAP_SHARE)}`
  return {
    [PUBLICATION_BUILD]: "1",
    ...(request.contentChecked ? { [CONTENT_CHECKED]: "1" } : {}),
    GATSBY_CPU_COUNT: "1",
    NODE_OPTIONS: [inherited.NODE_OPTIONS ?? "", heap].filter(Boolean).join(" "),
    UV_THREADPOOL_SIZE: String(IMAGE_THREADS),
    MALLOC_ARENA_MAX: "2",
  }
}
